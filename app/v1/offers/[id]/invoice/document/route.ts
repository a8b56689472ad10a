import { idParam } from '@/lib/api/params';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { invoiceDocument } from '@/lib/purchase-orders/use-cases/invoice';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/{id}/invoice/document — the PDF of the order's newest invoice
  GET: withApi(operations.getInvoiceDocument, async (ctx) => {
    const doc = await invoiceDocument(ctx.principal, idParam(ctx));
    return new Response(new Uint8Array(doc.content), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${doc.fileName}"`,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
      },
    });
  }),
});
