import { refuseBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { rotateWebhookSecret } from '@/lib/webhooks/endpoints';
import { secretSealer } from '@/lib/webhooks/sealed-answer';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/webhooks/{id}/rotate-secret[?keepPreviousHours=24] — a new secret, shown only here
  POST: withApi(operations.rotateWebhookSecret, async (ctx) => {
    const id = idParam(ctx);
    const { keepPreviousHours } = ctx.query();
    await refuseBody(ctx.req, 'keepPreviousHours');
    // With an Idempotency-Key a retry rotates nothing: it gets the first answer and its secret.
    return idempotentWrite(ctx, { request: { keepPreviousHours }, seal: secretSealer }, async () => ({
      status: 200,
      data: await rotateWebhookSecret(ctx.principal, id, keepPreviousHours),
    }));
  }),
});
