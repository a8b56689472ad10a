import { readJsonBody } from '@/lib/api/body';
import { idempotencyKeyOf } from '@/lib/api/idempotency-key';
import { idParam } from '@/lib/api/params';
import { jsonText } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { correctCustomer } from '@/lib/offers/use-cases/correct-customer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // PUT /v1/offers/{id}/customer — correct the customer's name and e-mail before the order starts
  PUT: withApi(operations.correctOfferCustomer, async (ctx) => {
    const id = idParam(ctx);
    const key = idempotencyKeyOf(ctx.req);
    const result = await correctCustomer(ctx.principal, id, await readJsonBody(ctx.req), ctx.lang, key);
    return jsonText(result.text, result.status, {
      'Cache-Control': 'no-store',
      ...(key ? { 'Spoke-Idempotent-Replayed': String(result.replayed) } : {}),
    });
  }),
});
