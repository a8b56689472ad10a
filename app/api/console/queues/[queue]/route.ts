import { notFound } from '@/lib/api/errors';
import { parseQueryOf } from '@/lib/api/params';
import { route } from '@/lib/api/with-api';
import { ok, withConsole } from '@/lib/console/http/route';
import { isWorkQueue, loadWorkQueue } from '@/lib/console/use-cases/work-queues';
import { workQueueQuerySchema } from '@/lib/console/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/queues/{queue}?dealer=&environment=&code=&age=&q=&status=&page= — a work queue, oldest first
  GET: withConsole(async (ctx) => {
    const queue = String(ctx.params.queue ?? '');
    if (!isWorkQueue(queue)) notFound();
    // The filters by the rules of every query of ours: 400 naming each malformed parameter.
    return ok(await loadWorkQueue(queue, parseQueryOf(ctx.url, workQueueQuerySchema)));
  }),
});
