import { json } from '@/lib/api/respond';
import { withRequest } from '@/lib/api/with-api';
import { databaseReady, migrationsApplied } from '@/lib/runtime/readiness';

// GET /api/ready — readiness: 200 when the database answers and every committed migration is
// applied; 503 otherwise (a load balancer sends no traffic to the node then).
export const GET = withRequest(async () => {
  const database = await databaseReady();
  const migrations = database && (await migrationsApplied());
  const ready = database && migrations;
  return json(
    {
      data: { status: ready ? 'ready' : 'unavailable', database: database ? 'up' : 'down', migrations: !database ? 'unknown' : migrations ? 'applied' : 'pending' },
      meta: {},
    },
    ready ? 200 : 503,
    { 'Cache-Control': 'no-store' },
  );
});
