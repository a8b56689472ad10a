// A production HTTP server process of `npm start` (a worker started by scripts/start.mjs): Next.js's
// programmatic server inside a node:http server of this process, so that the process owns its
// connections, its database pool and (in one worker) the processor — and stops them in order.
//
// - The client's address and scheme are decided here, once, from the socket and TRUST_PROXY
//   (trusted proxy hops): X-Forwarded-For is rewritten to that one address and X-Forwarded-Proto to
//   that scheme before the app sees the request (lib/api/client-address.ts reads them).
// - Bodies over the limit of their path are refused from Content-Length before they are read.
// - HSTS on every response to a request that arrived over HTTPS.
// - Liveness (/api/health) is answered here: it needs nothing of the app (server-net.mjs).
// - SIGTERM / SIGINT: stop accepting, finish the requests in flight, let the processor finish its
//   batch, close the database pool, exit 0 (docs/reliability.md, "Stopping").
// - Ready once the app is prepared (migrated, the demo written: Next's instrumentation hook is run
//   before the port opens, not on the first request) and the port is listening: as a worker of
//   scripts/start.mjs (node:cluster; the port is shared) it tells the primary, which prints the
//   banner once for all workers; run alone, it prints the banner itself.
import cluster from 'node:cluster';
import http from 'node:http';
import next from 'next';
import { answerLiveness, answerText, banner, bodyLimit, clientOf, LIVENESS_PATH, parseErrorAnswer, refuseBody } from './server-net.mjs';

const port = Number(process.env.PORT ?? 3000);
const trustProxy = Number(process.env.TRUST_PROXY ?? 0);
const keepAliveTimeout = Number(process.env.KEEP_ALIVE_TIMEOUT_MS ?? 65_000);
/** As lib/env.ts has it: the links in answers written here name this address. */
const publicUrl = (process.env.PUBLIC_URL || process.env.NEXTAUTH_URL || `http://localhost:${port}`).replace(/\/$/, '');
const DRAIN_MS = 8_000;
const worker = cluster.isWorker;

/** A request the app could not answer: the envelope, never a stack trace. */
function internalError(res) {
  const translations = answerText('internalError');
  res.writeHead(500, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store' });
  res.end(JSON.stringify({ errors: [{ code: 'INTERNAL_SERVER_ERROR', message: translations.en, translations }] }));
}

// A signal before the server is up: nothing is served yet, so the process just ends.
let shutdown = (/** @type {string} */ _signal) => process.exit(0);
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => void shutdown(signal));
// A worker of scripts/start.mjs: if that process dies, this one stops too (nothing keeps the port).
if (process.send) process.on('disconnect', () => void shutdown('primary gone'));

async function main() {
  const app = next({ dev: false, dir: process.cwd(), port, hostname: 'localhost', quiet: true });
  await app.prepare();
  const handle = app.getRequestHandler();
  // Next.js loads every route's code in the background after it starts, which makes the first
  // seconds of requests slow and lets the banner promise what is not ready yet: wait for it here.
  // The Next.js server itself: inside the custom server's wrapper (`app.server`, set by prepare()),
  // whose own prepare() does nothing in production.
  const nextServer = await (app.server ?? app).getServer?.();
  // In production Next.js runs the instrumentation hook (lib/runtime/startup.ts: migrate the
  // embedded database, write the demo) on the first request, which then waits for it — half a
  // minute on a fresh demo, after the banner said ready. Run it now, before the port opens: ready
  // means a page answers.
  if (typeof nextServer?.prepare === 'function') await nextServer.prepare();
  if (typeof nextServer?.unstable_preloadEntries === 'function') await nextServer.unstable_preloadEntries();

  let stopping = false;
  const server = http.createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > bodyLimit(path)) return refuseBody(req, res, bodyLimit(path), publicUrl);
    const { address, proto } = clientOf(req, trustProxy);
    req.headers['x-forwarded-for'] = address;
    req.headers['x-forwarded-proto'] = proto;
    delete req.headers['x-real-ip'];
    if (proto === 'https') res.setHeader('Strict-Transport-Security', 'max-age=31536000; includeSubDomains');
    if (stopping) res.setHeader('Connection', 'close');
    if (path === LIVENESS_PATH) return answerLiveness(req, res, publicUrl);
    handle(req, res).catch((err) => {
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
    // Streams that never end by themselves (lib/runtime/stopping.ts) end now, before the drain.
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
