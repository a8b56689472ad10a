import { timingSafeEqual } from 'node:crypto';
import { ApiError } from '@/lib/api/errors';
import { clientAddress } from '@/lib/api/client-address';
import { withRequest, type RouteHandler } from '@/lib/api/with-api';
import { env } from '@/lib/env';
import { metricsExposition } from '@/lib/ops/metrics';
import { consume, rateLimitHeaders, unauthenticatedLimiter } from '@/lib/rate-limit';

// GET /api/metrics — Prometheus text format, only with `Authorization: Bearer <METRICS_TOKEN>`.
// METRICS_TOKEN unset: the path does not exist (404 like any unknown /api path). A wrong or
// missing token: 401 with a Bearer challenge; failures count against the caller's address.

function tokenMatches(header: string | null, token: string): boolean {
  const given = /^Bearer (\S+)$/i.exec(header ?? '')?.[1];
  if (!given) return false;
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}

export const GET: RouteHandler = withRequest(async ({ req }) => {
  const token = env.metricsToken;
  if (!token) throw new ApiError('NOT_FOUND', { details: 'No such endpoint.' });
  if (!tokenMatches(req.headers.get('authorization'), token)) {
    const limit = await consume(unauthenticatedLimiter, clientAddress(req));
    if (!limit.allowed) throw new ApiError('TOO_MANY_REQUESTS', { headers: rateLimitHeaders(limit) });
    throw new ApiError('UNAUTHORIZED', { details: 'A valid metrics bearer token is required.', headers: { 'WWW-Authenticate': 'Bearer realm="metrics"' } });
  }
  const { text, contentType } = await metricsExposition();
  return new Response(text, { status: 200, headers: { 'Content-Type': contentType, 'Cache-Control': 'no-store' } });
});

const other: RouteHandler = withRequest(async () => {
  if (!env.metricsToken) throw new ApiError('NOT_FOUND', { details: 'No such endpoint.' });
  throw new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: 'GET' } });
});

export const { POST, PUT, PATCH, DELETE } = { POST: other, PUT: other, PATCH: other, DELETE: other };
