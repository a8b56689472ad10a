import { refuseBody } from '@/lib/api/body';
import { idParam } from '@/lib/api/params';
import { idempotentWrite } from '@/lib/api/idempotent-route';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { sendTestEvent } from '@/lib/webhooks/test-event';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /v1/webhooks/{id}/test — send a signed ping event now and answer what the endpoint said
  POST: withApi(operations.testWebhook, async (ctx) => {
    const id = idParam(ctx);
    await refuseBody(ctx.req, 'none');
    return idempotentWrite(ctx, { request: {} }, async () => ({ status: 200, data: await sendTestEvent(ctx.principal, id) }));
  }),
});
