import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { consoleBody, ok, withConsole } from '@/lib/console/http/route';
import { listPayoutRuns, runPayout } from '@/lib/purchase-orders/use-cases/payouts';

const runSchema = z.object({ environment: z.enum(['production', 'sandbox'], 'oneOf').default('production') });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/payouts — the payout runs, newest first, with their count and sum.
  GET: withConsole(async () => ok(await listPayoutRuns())),
  // POST /api/console/payouts — pays every approved invoice of the environment in one run; its
  // lines, date and reference; `null` when nothing was approved.
  POST: withConsole(async (ctx) => {
    const { environment } = await consoleBody(ctx, runSchema);
    return ok(await runPayout(ctx.operator, { environment }), 201);
  }),
});
