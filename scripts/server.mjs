// A production HTTP server process of `npm start` (a worker started by scripts/start.mjs): Next.js's
// programmatic server inside a node:http server of this process, so that the process owns its
// connections, its database pool and (in one worker) the processor — and stops them in order.
//
// - The client's address and scheme are decided here, once, from the socket and TRUST_PROXY
//   (trusted proxy hops): X-Forwarded-For is rewritten to that one address and X-Forwarded-Proto to
//   that scheme before the app sees the request (lib/api/client-address.ts reads them).
// - Bodies over the limit of their path are refused from Content-Length before they are read.
// - HSTS on every response to a request that arrived over HTTPS.
// - SIGTERM / SIGINT: stop accepting, finish the requests in flight, let the processor finish its
//   batch, close the database pool, exit 0 (docs/reliability.md, "Stopping").
// - Ready once the app is prepared (migrated, seeded) and the port is listening: as a worker of
//   scripts/start.mjs (node:cluster; the port is shared) it tells the primary, which prints the
//   banner once for all workers; run alone, it prints the banner itself.
import cluster from 'node:cluster';
import http from 'node:http';
import { createRequire } from 'node:module';
import next from 'next';
import { banner, bodyLimit, clientOf, parseErrorAnswer } from './server-net.mjs';
import { keptPagesState, keptTermsState } from './lib/kept-pages-relay.mjs';

const port = Number(process.env.PORT ?? 3000);
const trustProxy = Number(process.env.TRUST_PROXY ?? 0);
const keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);
const DRAIN_MS = 8_000;
const worker = cluster.isWorker;

/** A body over the limit, refused from its Content-Length: the answer the route gives while streaming. */
function refuseBody(res, path, limit) {
  const kib = `${limit / 1024} KiB`;
  const body = path.startsWith('/oauth/')
    ? { error: 'invalid_request', error_description: `The body is larger than ${kib}.` }
    : {
        errors: [
          {
            code: 'INVALID_REQUEST',
            message: `The body is larger than ${kib}.`,
            translations: { de: `Der Inhalt ist größer als ${kib}.`, en: `The body is larger than ${kib}.` },
          },
        ],
      };
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close' });
  res.end(JSON.stringify(body));
  // The body is never read: the connection ends with the answer.
  res.on('finish', () => res.socket?.destroy());
}

/** A request the app could not answer: the envelope, never a stack trace. */
function internalError(res) {
  const message = 'An internal error occurred.';
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ errors: [{ code: 'INTERNAL_SERVER_ERROR', message, translations: { de: 'Ein interner Fehler ist aufgetreten.', en: message } }] }));
}

// A signal before the server is up: nothing is served yet, so the process just ends.
let shutdown = (/** @type {string} */ _signal) => process.exit(0);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(signal));
// A worker of scripts/start.mjs: if that process dies, this one stops too (nothing keeps the port).
if (process.send) process.on('disconnect', () => void shutdown('primary gone'));

// The app may answer a body it compressed itself (a kept list page: lib/api/respond.ts). Next.js
// drops a route's own Content-Encoding, so the route names it in this header, which becomes the
// Content-Encoding here — before Next.js's compression looks, which then leaves the body alone.
const PRECOMPRESSED = 'x-spoke-content-encoding';
class SpokeResponse extends http.ServerResponse {
  setHeader(name, value) {
    return super.setHeader(typeof name === 'string' && name.toLowerCase() === PRECOMPRESSED ? 'Content-Encoding' : name, value);
  }
  appendHeader(name, value) {
    return super.appendHeader(typeof name === 'string' && name.toLowerCase() === PRECOMPRESSED ? 'Content-Encoding' : name, value);
  }
}
// Tells the app that this server restores that header (not so under `next start` or `next dev`).
globalThis[Symbol.for('spoke.precompressed')] = PRECOMPRESSED;

// Direct routes (lib/api/direct-routes.ts): path → the route's GET handler, registered by the route
// when Next.js loads it. Such a GET goes straight to that handler. A path may hold `[id]`: one
// segment that is a UUID (so the static routes beside a dynamic one, such as
// /v1/offers/categories beside /v1/offers/[id], never match it).
const directRoutes = new Map();
globalThis[Symbol.for('spoke.directRoutes')] = directRoutes;
const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
/** The pattern of each `[id]` path, compiled on first use. */
const patterns = new Map();

/** The handler and route parameters for a GET of `path`, if a direct route serves it. */
function directRouteOf(path) {
  const exact = directRoutes.get(path);
  if (exact) return { handler: exact, params: {} };
  for (const [route, handler] of directRoutes) {
    if (!route.includes('[id]')) continue;
    let pattern = patterns.get(route);
    if (!pattern) {
      const source = route.split('[id]').map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(`(${UUID})`);
      patterns.set(route, (pattern = new RegExp(`^${source}$`)));
    }
    const match = pattern.exec(path);
    if (match) return { handler, params: { id: match[1] } };
  }
  return undefined;
}
const RAW_BODY = Symbol.for('spoke.rawBody');
const DIRECT_REQUEST = Symbol.for('spoke.directRequest');
const { commonHeaders, apiPolicy, apiPrefixes } = createRequire(import.meta.url)('../lib/security/response-headers.cjs');

/** A GET answered by its route handler without Next.js: the headers next.config.js would add, then the route's. */
async function direct(req, res, { handler, params }, proto, next) {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) {
    if (name.startsWith(':') || value === undefined) continue;
    if (Array.isArray(value)) for (const v of value) headers.append(name, v);
    else headers.set(name, value);
  }
  let request;
  try {
    request = new Request(`${proto}://${req.headers.host ?? 'localhost'}${req.url}`, { method: 'GET', headers });
    // Its answer's bytes are written here (RAW_BODY), so the route need not put them into the Response.
    request[DIRECT_REQUEST] = true;
  } catch {
    // A host or path no URL can hold: Next.js answers it as it would any other.
    return next(req, res);
  }
  const response = await handler(request, { params: Promise.resolve(params) });
  res.statusCode = response.status;
  for (const { key, value } of commonHeaders) res.setHeader(key, value);
  if (apiPrefixes.some((prefix) => req.url.startsWith(`${prefix}/`) || req.url === prefix)) res.setHeader(apiPolicy.key, apiPolicy.value);
  response.headers.forEach((value, name) => {
    if (name !== 'content-length' && name !== 'transfer-encoding') res.setHeader(name, value);
  });
  const raw = response[RAW_BODY];
  if (raw !== undefined) res.end(raw);
  else if (response.body) res.end(Buffer.from(await response.arrayBuffer()));
  else res.end();
}

async function main() {
  // A worker listens for what the others say about their kept list pages and search matches from
  // the start, before Next.js loads the list route (lib/offers/list-cache.ts, search-matches.ts).
  keptPagesState();
  keptTermsState();
  const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost', quiet: true });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Next.js loads every route's code in the background after it starts, which makes the first
  // seconds of requests slow and lets the banner promise what is not ready yet: wait for it here.
  const nextServer = await app.getServer?.();
  if (typeof nextServer?.unstable_preloadEntries === 'function') await nextServer.unstable_preloadEntries();

  let stopping = false;
  const server = http.createServer({ ServerResponse: SpokeResponse }, (req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > bodyLimit(path)) return refuseBody(res, path, bodyLimit(path));
    const { address, proto } = clientOf(req, trustProxy);
    req.headers['x-forwarded-for'] = address;
    req.headers['x-forwarded-proto'] = proto;
    delete req.headers['x-real-ip'];
    if (proto === 'https') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (stopping) res.setHeader('Connection', 'close');
    const directRoute = req.method === 'GET' && path.startsWith('/v1/') ? directRouteOf(path) : undefined;
    (directRoute ? direct(req, res, directRoute, proto, handle) : handle(req, res)).catch((err) => {
      console.error(JSON.stringify({ level: 50, time: new Date().toISOString(), service: 'spoke', msg: 'request failed', err: String(err?.message ?? err) }));
      if (!res.headersSent) internalError(res);
      else res.destroy();
    });
  });
  // A request Node's parser refuses (a raw ü in the URL, headers over 16 KiB) never reaches the
  // handler above: it is answered here in the envelope, with what to change.
  // Written only where Node itself would answer: no answer to an earlier request is under way on
  // the connection (its `_httpMessage`), so nothing of it is corrupted.
  server.on('clientError', (err, socket) => {
    const free = socket.writable && !socket._httpMessage?.headersSent;
    const answer = free ? parseErrorAnswer(err) : undefined;
    if (answer) socket.end(answer);
    else if (free && err.code === 'ERR_HTTP_REQUEST_TIMEOUT') socket.end('HTTP/1.1 408 Request Timeout\r\nConnection: close\r\n\r\n');
    else socket.destroy();
  });
  server.keepAliveTimeout = keepAliveTimeout;
  server.headersTimeout = keepAliveTimeout + 1000;

  await new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, () => resolve(undefined));
  });

  shutdown = async (signal) => {
    if (stopping) return;
    stopping = true;
    const started = Date.now();
    // A worker of scripts/start.mjs stops quietly: the primary reports for all of them.
    if (!worker) console.log(`Spoke is stopping (${signal}): no new connections; finishing the requests in flight…`);
    // Whatever happens below, the process ends before a supervisor's usual 10 s.
    setTimeout(() => {
      console.error('Spoke: stopping took too long; exiting.');
      process.exit(1);
    }, 9_500).unref();
    // Streams that never end by themselves (lib/ops/stopping.ts) end now, before the drain.
    globalThis[Symbol.for('spoke.stopping')]?.abort();
    const closed = new Promise((resolve) => server.close(() => resolve(undefined)));
    // Keep-alive connections become idle once their request is answered: close them then.
    const idle = setInterval(() => server.closeIdleConnections(), 50);
    server.closeIdleConnections();
    const drained = await Promise.race([closed.then(() => true), new Promise((r) => setTimeout(() => r(false), DRAIN_MS))]);
    clearInterval(idle);
    if (!drained) server.closeAllConnections();
    // The processor finishes (or releases) its batch, then the database pool is closed.
    const stopApp = globalThis[Symbol.for('spoke.shutdown')];
    if (typeof stopApp === 'function') await stopApp();
    await app.close().catch(() => {});
    if (!worker) console.log(`Spoke stopped in ${Date.now() - started} ms.`);
    process.exit(0);
  };

  if (process.send) process.send({ spoke: 'ready' });
  else console.log(banner(process.env, 1));
}

main().catch((err) => {
  console.error(`Spoke could not start: ${err?.message ?? err}`);
  process.exit(1);
});
