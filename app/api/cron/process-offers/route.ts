import { json } from '@/lib/api/respond';
import { route } from '@/lib/api/with-api';
import { withCron } from '@/lib/api/with-cron';
import { runProcessor } from '@/lib/runtime/run-processor';

// GET|POST /api/cron/process-offers — process every due offer now
const trigger = withCron(async () => json({ data: await runProcessor(), meta: {} }, 200, { 'Cache-Control': 'no-store' }));

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({ GET: trigger, POST: trigger });
