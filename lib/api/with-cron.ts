import 'server-only';
import { timingSafeEqual, createHash } from 'node:crypto';
import { ApiError } from './errors';
import { withRequest, type RequestContext, type RouteHandler } from './with-api';
import { env } from '@/lib/env';

const digest = (s: string) => createHash('sha256').update(s).digest();

/** The wrapper of cron triggers: `Authorization: Bearer $CRON_SECRET`, compared in constant time. */
export function withCron(handler: (ctx: RequestContext) => Promise<Response>): RouteHandler {
  return withRequest(async (ctx) => {
    const given = /^Bearer\s+(.+)$/i.exec(ctx.req.headers.get('authorization') ?? '')?.[1] ?? '';
    if (!timingSafeEqual(digest(given), digest(env.cronSecret))) {
      throw new ApiError('UNAUTHORIZED', { headers: { 'WWW-Authenticate': 'Bearer realm="spoke-cron"' } });
    }
    return handler(ctx);
  });
}
