import { route } from '@/lib/api/with-api';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';
import { invoiceRejectionInputSchema } from '@/lib/purchase-orders/contract/schemas';
import { rejectInvoice } from '@/lib/purchase-orders/use-cases/operator-invoices';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/invoices/{id}/reject — refuses the invoice with reasons (codes of the fixed
  // list, each with optional words in the operator's language); the dealer reads them in its own.
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    await rejectInvoice(ctx.operator, id, await consoleBody(ctx, invoiceRejectionInputSchema));
    return ok({ rejected: true });
  }),
});
