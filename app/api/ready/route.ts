import { json } from '@/lib/api/respond';
import { withRequest } from '@/lib/api/with-api';
import { databaseReady } from '@/lib/ops/readiness';

// GET /api/ready — readiness: 503 while the database is unreachable
export const GET = withRequest(async () => {
  const ready = await databaseReady();
  return json({ data: { status: ready ? 'ready' : 'unavailable', database: ready ? 'up' : 'down' }, meta: {} }, ready ? 200 : 503, {
    'Cache-Control': 'no-store',
  });
});
