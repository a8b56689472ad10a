import { createHash } from 'node:crypto';
import { readMultipartBody } from '@/lib/api/body';
import { badRequest, fieldError } from '@/lib/api/errors';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { parseOrThrow } from '@/lib/api/validation';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { invoiceFieldsSchema } from '@/lib/purchase-orders/contract/schemas';
import { submitInvoice } from '@/lib/purchase-orders/use-cases/invoice';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/{id}/invoice — the dealer's invoice (multipart/form-data with the PDF)
  POST: withApi(operations.submitInvoice, async (ctx) => {
    const id = idParam(ctx);
    const { fields, files } = await readMultipartBody(ctx.req);
    const input = parseOrThrow(invoiceFieldsSchema, fields);
    const document = files.document;
    if (!document) badRequest([fieldError('MISSING_PARAMETER', 'required', 'document')]);
    const documentSha256 = createHash('sha256').update(document).digest('hex');
    return idempotentWrite(ctx, { request: { ...fields, documentSha256 }, offerId: id, headers: () => ({ Location: `/v1/offers/${id}/invoice/document` }) }, async () => ({
      status: 201,
      data: await submitInvoice(ctx.principal, ctx.principal.actor, id, { ...input, document }, ctx.lang),
    }));
  }),
});
