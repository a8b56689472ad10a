import { route } from '@/lib/api/with-api';
import { employerBody, employerParam, ok, withEmployer } from '@/lib/employer/http/auth';
import { decisionBodySchema } from '@/lib/employer/schemas';
import { decideRequest } from '@/lib/employer/use-cases/requests';
import { z } from 'zod';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/employer/requests/{offerId}/decision — approve, or decline with a reason, a request waiting for the employer
  POST: withEmployer(async (ctx) => {
    const offerId = employerParam(ctx, 'offerId', z.uuid('uuid'));
    const body = await employerBody(ctx, decisionBodySchema);
    return ok(await decideRequest(ctx.staff, offerId, body.decision === 'approve' ? { approve: true } : { approve: false, reason: body.reason! }));
  }),
});
