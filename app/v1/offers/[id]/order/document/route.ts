import { idParam } from '@/lib/api/params';
import { route, withApi } from '@/lib/api/with-api';
import { purchaseOrderDocument } from '@/lib/documents/order-documents';
import * as operations from '@/lib/openapi/operations/by-id';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/{id}/order/document — the purchase order the approval issued, as PDF
  GET: withApi(operations.getOrderDocument, async (ctx) => {
    const doc = await purchaseOrderDocument(ctx.principal, idParam(ctx), ctx.lang);
    return new Response(new Uint8Array(doc.content), {
      status: 200,
      headers: {
        'Content-Type': 'application/pdf',
        'Content-Disposition': `attachment; filename="${doc.fileName}"`,
        'Cache-Control': 'private, no-cache',
        'X-Content-Type-Options': 'nosniff',
        Vary: 'Accept-Language',
      },
    });
  }),
});
