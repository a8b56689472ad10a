import { idParam, parseQuery } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { cancelOffer } from '@/lib/offers/cancel-offer';
import { cancelOfferQuerySchema } from '@/lib/offers/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/offers/{id}/cancel — cancel the offer (final)
  POST: withApi('offers:write', async (ctx) => {
    const id = idParam(ctx);
    const input = parseQuery(ctx, cancelOfferQuerySchema);
    const offer = await cancelOffer(ctx.principal, ctx.principal.actor, id, input, ctx.lang);
    return envelope(offer, {}, 200, { 'Cache-Control': 'no-store' });
  }),
});
