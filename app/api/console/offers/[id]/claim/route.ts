import { z } from 'zod';
import { route } from '@/lib/api/with-api';
import { claimOffer, releaseOffer } from '@/lib/console/use-cases/claims';
import { uuidParam } from '@/lib/console/http/params';
import { consoleBody, consoleParam, ok, withConsole } from '@/lib/console/http/route';

const claimBody = z.object({ takeOver: z.boolean('type').default(false) });

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // POST /api/console/offers/{id}/claim — take the offer ("In Bearbeitung von …"); another operator's live claim only with takeOver
  POST: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const hasBody = (ctx.req.headers.get('content-length') ?? '0') !== '0' || ctx.req.headers.has('content-type');
    const body = hasBody ? await consoleBody(ctx, claimBody) : { takeOver: false };
    return ok(await claimOffer(ctx.operator, id, body.takeOver));
  }),
  // DELETE /api/console/offers/{id}/claim — give the offer back (one's own claim only)
  DELETE: withConsole(async (ctx) => ok(await releaseOffer(ctx.operator, consoleParam(ctx, 'id', uuidParam)))),
});
