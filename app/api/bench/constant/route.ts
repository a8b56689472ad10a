import { env } from '@/lib/env';

// The benchmark's framework floor (docs/performance.md): a constant JSON from a route handler of
// this app, nothing else. It exists only with BENCH_ROUTES=true; otherwise it is a 404.

export const dynamic = 'force-dynamic';

const BODY = JSON.stringify({ data: { ok: true, service: 'spoke' }, meta: {} });

export function GET(): Response {
  if (!env.benchRoutes) {
    return new Response(JSON.stringify({ errors: [{ code: 'NOT_FOUND', message: 'Not found.' }] }), {
      status: 404,
      headers: { 'Content-Type': 'application/json; charset=utf-8' },
    });
  }
  return new Response(BODY, { headers: { 'Content-Type': 'application/json; charset=utf-8' } });
}
