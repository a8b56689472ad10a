import 'server-only';
import type { RouteHandler } from './with-api';

// Direct routes (docs/performance.md, change 19). The server of `npm start` (scripts/server.mjs)
// hands a GET of a registered path straight to its route handler — the same function Next.js
// calls, with the same authentication, rate limit, logging, metrics and error envelope — instead
// of through Next.js's router and renderer, which cost more than a kept list page itself. A route
// registers when Next.js first loads it, so the first request always goes through Next.js. Under
// `next start` or `next dev` nothing reads the registry. Process-wide on globalThis, since the
// server script is outside the bundles.

const ROUTES = Symbol.for('spoke.directRoutes');
/** The raw bytes of a response's body, so the server need not read them back through a stream. */
export const RAW_BODY = Symbol.for('spoke.rawBody');

/**
 * Offers `handler` for direct GETs of `path`, if the server takes them. `[id]` in the path stands
 * for one segment that is a UUID, passed as the route parameter `id`.
 */
export function registerDirectRoute(path: string, handler: RouteHandler): void {
  const routes = (globalThis as { [ROUTES]?: unknown })[ROUTES];
  if (routes instanceof Map) routes.set(path, handler);
}

/** Marks a Request that the server hands straight to its route: it writes RAW_BODY itself. */
export const DIRECT_REQUEST = Symbol.for('spoke.directRequest');

/** `response` with its body's bytes attached for the server (see RAW_BODY). */
export function withRawBody(response: Response, body: Buffer | string): Response {
  (response as Response & { [RAW_BODY]?: Buffer | string })[RAW_BODY] = body;
  return response;
}

/**
 * A response of `body`. To a direct request (DIRECT_REQUEST) the server writes the bytes itself, so
 * the Response holds none: a Response made of bytes copies them (undici's extractBody), a list page
 * of 85 kB on every answer, and that garbage outside the JavaScript heap made V8 collect the whole
 * heap several times a second (docs/performance.md, change 32).
 */
export function rawResponse(req: Request, body: Buffer | string, init: ResponseInit): Response {
  const direct = (req as Request & { [DIRECT_REQUEST]?: boolean })[DIRECT_REQUEST] === true;
  return withRawBody(new Response(direct ? null : (body as BodyInit), init), body);
}
