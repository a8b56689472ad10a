import { readJsonBody } from '@/lib/api/body';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { validateOffer } from '@/lib/offers/validate-offer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/validate — dry run: the status object an offer would get, nothing created
  POST: withApi('offers:write', async (ctx) => {
    const result = await validateOffer(ctx.principal, await readJsonBody(ctx.req), ctx.lang);
    return envelope(result, {}, 200, { 'Cache-Control': 'no-store' });
  }),
});
