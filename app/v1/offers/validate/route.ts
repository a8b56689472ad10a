import { readJsonBody } from '@/lib/api/body';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { validateOffer } from '@/lib/offers/use-cases/validate-offer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/validate — dry run: the status object an offer would get, nothing created
  POST: withApi(operations.validateOffer, async (ctx) => {
    const { offerId } = ctx.query();
    const raw = await readJsonBody(ctx.req);
    return idempotentWrite(ctx, { request: { offerId, body: raw } }, async () => ({
      status: 200,
      data: await validateOffer(ctx.principal, raw, ctx.lang, offerId),
    }));
  }),
});
