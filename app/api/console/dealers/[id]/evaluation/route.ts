import { ApiError } from '@/lib/api/errors';
import { route } from '@/lib/api/with-api';
import { dealerEvaluationReport } from '@/lib/console/use-cases/dealers';
import { uuidParam } from '@/lib/console/http/params';
import { consoleParam, ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/dealers/{id}/evaluation — what the dealer's integration did, per environment
  GET: withConsole(async (ctx) => {
    const id = consoleParam(ctx, 'id', uuidParam);
    const report = await dealerEvaluationReport(id);
    if (!report) throw new ApiError('NOT_FOUND');
    return ok(report);
  }),
});
