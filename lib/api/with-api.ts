import 'server-only';
import type { z } from 'zod';
import { ApiError, ERROR_STATUS } from './errors';
import { errorBody, json } from './respond';
import { REQUEST_ID_HEADER, requestIdOf } from './request-id';
import { authenticate, type Principal } from '@/lib/auth/authenticate';
import type { ApiContext, RequestContext, RouteHandler, RouteParams } from './context';
import type { Scope } from '@/lib/auth/scopes';
import { isConnectionError } from '@/db/errors';
import type { Lang } from '@/lib/i18n/messages';
import { negotiateLang } from '@/lib/i18n/words';
import { inRequestScope, logger, type Logger } from '@/lib/logger';
import { apiLimiter, consume, rateLimitHeaders, unauthenticatedLimiter } from '@/lib/rate-limit';
import { clientAddress } from './client-address';
import { recordRequest, routeTemplate } from '@/lib/ops/metrics';
import { traceRequest } from '@/lib/ops/tracing';
import { collectingWarnings, warn } from './warnings';
import { parseQueryOf } from './params';

export type { ApiContext, RequestContext, RouteContext, RouteHandler, RouteParams } from './context';


/** Maps anything thrown to the error envelope; unknown errors become a 500 whose cause is only logged. */
export function errorResponse(err: unknown, lang: Lang, log: Logger): Response {
  if (err instanceof ApiError) return json(errorBody(err.entries, lang), err.status, err.headers);
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
      const lang = negotiateLang(req.headers.get('accept-language'), 'en');
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

/** What a route needs of its operation (lib/openapi/operations/): the scope and the query it reads. */
export type ApiOperation<Q extends z.ZodObject | undefined = z.ZodObject | undefined> = {
  operationId: string;
  method: string;
  path: string;
  scope: Scope | null;
  query?: Q;
};

type QueryOf<Q> = Q extends z.ZodObject ? z.output<Q> : Record<string, never>;

/** An operation's handler context: the principal, and `query()` parsing the operation's query (400 on a bad one). */
export type OperationContext<Q extends z.ZodObject | undefined> = ApiContext & { query: () => QueryOf<Q> };

/** A route handler of a documented operation: the operation travels with it (test/operation-routes.test.ts). */
export type OperationHandler = RouteHandler & { operation: ApiOperation };

/**
 * The wrapper of every `/v1` operation, defined once in lib/openapi/operations/: authenticate
 * (bearer token or portal session), rate-limit per caller, check the operation's scope, then run
 * the handler. Handlers only see an authenticated principal; the query is parsed by the
 * operation's schema when the handler asks for it, so the order of its checks stays the handler's;
 * the parameters of a write without a query schema are reported as unknown (`meta.warnings`).
 */
export function withApi<Q extends z.ZodObject | undefined>(
  operation: ApiOperation<Q>,
  handler: (ctx: OperationContext<Q>) => Promise<Response>,
): OperationHandler {
  const { scope } = operation;
  if (!scope) throw new Error(`${operation.operationId} is public: it is not served through withApi`);
  const routeHandler = withRequest(async (ctx) => {
    const principal = await authenticateOrLimit(ctx.req);
    const limit = await consume(apiLimiter, principal.rateKey);
    const limitHeaders = rateLimitHeaders(limit);
    if (!limit.allowed) throw new ApiError('TOO_MANY_REQUESTS', { headers: limitHeaders });
    if (!principal.scopes.includes(scope)) {
      throw new ApiError('FORBIDDEN', { details: `Requires the scope ${scope}.` });
    }
    const query = () => (operation.query ? parseQueryOf(ctx.url, operation.query) : {}) as QueryOf<Q>;
    // A write that reads no query ignores every parameter, and says so as the reads do: a
    // `?dryRun=true` on a create is reported, never silently obeyed or dropped.
    if (operation.method !== 'get' && !operation.query) for (const name of ctx.url.searchParams.keys()) warn('UNKNOWN_PARAMETER', { parameter: name });
    const res = await handler({ ...ctx, principal, query });
    for (const [name, value] of Object.entries(limitHeaders)) res.headers.set(name, value);
    return res;
  });
  return Object.assign(routeHandler, { operation: operation as ApiOperation });
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * A route file's exports: the given methods, a JSON 405 with `Allow` for the others, and OPTIONS.
 * Next.js would otherwise answer a wrong method without our envelope.
 */
export function route(
  handlers: Partial<Record<Method, RouteHandler>>,
  /** What to do instead of a method the path does not offer (`DELETE` of an offer: cancel it). */
  instead: Partial<Record<Method, string>> = {},
): Record<Method | 'OPTIONS', RouteHandler> {
  const allow = [...Object.keys(handlers), 'OPTIONS'].join(', ');
  const notAllowed = withRequest(async ({ req }) => {
    const hint = instead[req.method as Method];
    throw new ApiError('METHOD_NOT_ALLOWED', { headers: { Allow: allow }, details: `Allowed: ${allow}.${hint ? ` ${hint}` : ''}` });
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
