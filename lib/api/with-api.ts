import 'server-only';
import { ApiError, ERROR_STATUS } from './errors';
import { errorBody, json } from './respond';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { authenticate, type Principal } from '@/lib/auth/authenticate';
import type { Scope } from '@/lib/auth/scopes';
import { isConnectionError } from '@/db/errors';
import { pickLang, type Lang } from '@/lib/i18n/messages';
import { inRequestScope, logger, type Logger } from '@/lib/logger';
import { apiLimiter, consume, rateLimitHeaders, unauthenticatedLimiter } from '@/lib/rate-limit';
import { clientAddress } from './client-address';
import { recordRequest, routeTemplate } from '@/lib/ops/metrics';
import { traceRequest } from '@/lib/ops/tracing';
import { collectingWarnings, withWarnings } from './warnings';

export type RouteParams = Record<string, string | string[] | undefined>;
export type RouteContext = { params: Promise<RouteParams> };
export type RouteHandler = (req: Request, ctx: RouteContext) => Promise<Response>;

export type RequestContext = {
  req: Request;
  url: URL;
  requestId: string;
  lang: Lang;
  log: Logger;
  params: RouteParams;
};

export type ApiContext = RequestContext & { principal: Principal };

/**
 * Maps anything thrown to the error envelope; unknown errors become a 500 whose cause is only
 * logged. What the request held that was ignored stays reported beside the errors (`meta.warnings`:
 * an unknown `customerMail` beside "customerEmail is required").
 */
export function errorResponse(err: unknown, lang: Lang, log: Logger): Response {
  if (err instanceof ApiError) {
    const { warnings } = withWarnings({});
    return json({ ...errorBody(err.entries, lang), ...(warnings ? { meta: { warnings } } : {}) }, err.status, err.headers);
  }
  if (isConnectionError(err)) {
    log.error({ err }, 'database unreachable');
    const unavailable = new ApiError('SERVICE_UNAVAILABLE');
    return json(errorBody(unavailable.entries, lang), ERROR_STATUS.SERVICE_UNAVAILABLE, { 'Retry-After': '5' });
  }
  log.error({ err }, 'unhandled error');
  const internal = new ApiError('INTERNAL_SERVER_ERROR');
  return json(errorBody(internal.entries, lang), 500);
}

/** The steps every request of ours shares: request id, language, logging, tracing, error mapping. */
export function withRequest(handler: (ctx: RequestContext) => Promise<Response>): RouteHandler {
  return (req, routeCtx) => {
    const requestId = requestIdOf(req);
    // Every log line and span written while the request runs carries its id (lib/logger.ts).
    return inRequestScope(requestId, async () => {
      const startedAt = performance.now();
      const lang = pickLang(req.headers.get('accept-language'), 'en');
      const log = logger;
      const url = new URL(req.url);
      const { res, route } = await traceRequest(req.method, requestId, async () => {
        let params: RouteParams = {};
        let res: Response;
        try {
          params = (await routeCtx?.params) ?? {};
          res = await collectingWarnings(lang, async () => {
            try {
              return await handler({ req, url, requestId, lang, log, params });
            } catch (err) {
              return errorResponse(err, lang, log);
            }
          });
        } catch (err) {
          res = errorResponse(err, lang, log);
        }
        return { res, route: routeTemplate(url.pathname, params) };
      });
      res.headers.set(REQUEST_ID_HEADER, requestId);
      recordRequest(req.method, route, res.status, startedAt);
      return res;
    });
  };
}

/** Authenticates; failed attempts count against the caller's address, so probing is limited too. */
async function authenticateOrLimit(req: Request): Promise<Principal> {
  try {
    return await authenticate(req);
  } catch (err) {
    if (err instanceof ApiError && err.code === 'UNAUTHORIZED') {
      const limit = await consume(unauthenticatedLimiter, clientAddress(req));
      if (!limit.allowed) throw new ApiError('TOO_MANY_REQUESTS', { headers: rateLimitHeaders(limit) });
    }
    throw err;
  }
}

/**
 * The wrapper of every `/v1` operation: authenticate (bearer token or portal session), rate-limit
 * per caller, check the scope, then run the handler. Handlers only see an authenticated principal.
 */
export function withApi(scope: Scope, handler: (ctx: ApiContext) => Promise<Response>): RouteHandler {
  return withRequest(async (ctx) => {
    const principal = await authenticateOrLimit(ctx.req);
    const limit = await consume(apiLimiter, principal.rateKey);
    const limitHeaders = rateLimitHeaders(limit);
    if (!limit.allowed) throw new ApiError('TOO_MANY_REQUESTS', { headers: limitHeaders });
    if (!principal.scopes.includes(scope)) {
      throw new ApiError('FORBIDDEN', { details: `Requires the scope ${scope}.` });
    }
    const res = await handler({ ...ctx, principal });
    for (const [name, value] of Object.entries(limitHeaders)) res.headers.set(name, value);
    return res;
  });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A route file's exports: the given methods, a JSON 405 with `Allow` for the others, and OPTIONS.
 * Next.js would otherwise answer a wrong method without our envelope.
 */
export function route(handlers: Partial<Record<Method, RouteHandler>>): Record<Method | 'OPTIONS', RouteHandler> {
  const allow = [...Object.keys(handlers), 'OPTIONS'].join(', ');
  const notAllowed = withRequest(async () => {
    throw new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: allow } });
  });
  const options: RouteHandler = async () => new Response(null, { status: 204, headers: { Allow: allow } });
  return {
    GET: handlers.GET ?? notAllowed,
    POST: handlers.POST ?? notAllowed,
    PUT: handlers.PUT ?? notAllowed,
    PATCH: handlers.PATCH ?? notAllowed,
    DELETE: handlers.DELETE ?? notAllowed,
    OPTIONS: options,
  };
}
