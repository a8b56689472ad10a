import { json } from '@/lib/api/respond';
import { withRequest } from '@/lib/api/with-api';

// GET /api/health — liveness: the process answers
export const GET = withRequest(async () => json({ data: { status: 'ok' }, meta: {} }, 200, { 'Cache-Control': 'no-store' }));
