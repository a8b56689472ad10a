import { refuseBody } from '@/lib/api/body';
import { idParam, parseQuery } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { rotateWebhookSecret } from '@/lib/webhooks/endpoints';
import { rotateSecretQuerySchema } from '@/lib/webhooks/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/webhooks/{id}/rotate-secret[?keepPreviousHours=24] — a new secret, shown only here
  POST: withApi('webhooks:write', async (ctx) => {
    const id = idParam(ctx);
    const { keepPreviousHours } = parseQuery(ctx, rotateSecretQuerySchema);
    await refuseBody(ctx.req, 'keepPreviousHours');
    return envelope(await rotateWebhookSecret(ctx.principal, id, keepPreviousHours), {}, 200, { 'Cache-Control': 'no-store' });
  }),
});
