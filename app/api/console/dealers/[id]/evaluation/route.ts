import { getDb } from '@/db/client';
import { dealerEvaluation, findDealer } from '@/db/repositories/operator';
import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/with-api';
import { uuidParam } from '@/lib/console/params';
import { consoleParam, ok, withConsole } from '@/lib/console/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/dealers/{id}/evaluation — what the dealer's integration did, per environment
  GET: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const db = getDb();
    const dealer = await findDealer(db, id);
    if (!dealer) throw new ApiError('NOT_FOUND');
    return ok({ dealer, sandbox: await dealerEvaluation(db, id, 'sandbox'), production: await dealerEvaluation(db, id, 'production') });
  }),
});
