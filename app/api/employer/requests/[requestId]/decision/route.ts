import { route } from '@/lib/api/with-api';
import { employerBody, employerParam, ok, withEmployer } from '@/lib/employer/http/auth';
import { decisionBodySchema } from '@/lib/employer/schemas';
import { decideRequest } from '@/lib/employer/use-cases/requests';
import { z } from 'zod';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/employer/requests/{requestId}/decision — approve, or decline with a reason, the employer's open request
  POST: withEmployer(async (ctx) => {
    const requestId = employerParam(ctx, 'requestId', z.uuid('uuid'));
    const body = await employerBody(ctx, decisionBodySchema);
    return ok(await decideRequest(ctx.staff, requestId, body.decision === 'approve' ? { approve: true } : { approve: false, reason: body.reason! }));
  }),
});
