import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { parseQueryOf } from '@/lib/api/params';
import { ok, withConsole } from '@/lib/console/http/route';
import { listInvoicesToCheck } from '@/lib/purchase-orders/use-cases/operator-invoices';

const querySchema = z.object({
  environment: z.enum(['production', 'sandbox'], 'oneOf').default('production'),
  page: z.coerce.number('type').int('type').min(1, 'tooSmall').default(1),
});

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/invoices — the invoices waiting for the operator's check, longest-waiting
  // first, with their checks (amount, frame number, dates); production unless `environment` says.
  GET: withConsole(async (ctx) => {
    const q = parseQueryOf(ctx.url, querySchema);
    const { rows, total } = await listInvoicesToCheck({ environment: q.environment, page: q.page, perPage: 20 });
    return ok({ rows, total, page: q.page, perPage: 20 });
  }),
});
