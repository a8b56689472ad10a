// The floor of a /v1 read: a bare Next.js route handler answering a small JSON, built and started
// by bench/floor.ts with the same Next.js version as Spoke.
export const dynamic = 'force-dynamic';

export function GET() {
  return Response.json({ data: { status: 'ok' }, meta: {} }, { headers: { 'cache-control': 'no-store' } });
}
