import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { readInvoiceUpload } from '@/lib/purchase-orders/http/invoice-upload';
import { submitInvoice } from '@/lib/purchase-orders/use-cases/invoice';
import { ok, portalParam, withPortal } from '@/lib/portal/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/portal/offers/{id}/invoice — the offer page's invoice upload (multipart/form-data):
  // the use case of POST /v1/offers/{id}/invoice for the signed-in dealer user; 201 with the offer.
  POST: withPortal(async (ctx) => {
    const id = portalParam(ctx, 'id', z.uuid('uuid'));
    const upload = await readInvoiceUpload(ctx.req);
    const tenant = { dealerId: ctx.dealerId, environment: ctx.scope.environment };
    return ok(await submitInvoice(tenant, { type: 'user', id: ctx.user.id, name: ctx.user.name }, id, upload, ctx.lang), 201);
  }),
});
