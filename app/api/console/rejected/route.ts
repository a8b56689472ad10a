import { route } from '@/lib/api/with-api';
import { loadChart, loadQueue, queueQueryOf } from '@/lib/console/use-cases/queue';
import { ok, withConsole } from '@/lib/console/http/route';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/console/rejected?code=&dealer=&environment=&from=&to=&page= — the queue (oldest first) and the weekly chart
  GET: withConsole(async (ctx) => {
    const query = queueQueryOf(ctx.url);
    const [queue, chart] = await Promise.all([loadQueue(query), loadChart(query)]);
    return ok({ ...queue, chart });
  }),
});
