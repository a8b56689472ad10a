import { notFound } from '@/lib/api/errors';
import { route } from '@/lib/api/with-api';
import { ok, withConsole } from '@/lib/console/http/route';
import { isWorkQueue, loadWorkQueue, readWorkQuery } from '@/lib/console/use-cases/work-queues';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/queues/{queue}?dealer=&environment=&code=&age=&q=&status=&page= — a work queue, oldest first
  GET: withConsole(async (ctx) => {
    const queue = String(ctx.params.queue ?? '');
    if (!isWorkQueue(queue)) notFound();
    const { query } = readWorkQuery(Object.fromEntries(new URL(ctx.req.url).searchParams));
    return ok(await loadWorkQueue(queue, query));
  }),
});
