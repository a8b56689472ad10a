import { route } from '@/lib/api/with-api';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { approveInvoice } from '@/lib/purchase-orders/use-cases/operator-invoices';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/invoices/{id}/approve — the invoice is right: it waits for the next payout.
  POST: withConsole(async (ctx) => {
    await approveInvoice(ctx.operator, consoleParam(ctx, 'id', uuidParam));
    return ok({ approved: true });
  }),
});
