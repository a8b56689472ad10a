// What scripts/server.mjs decides from the connection alone: the body limit of a path, and the
// client's address and scheme given TRUST_PROXY trusted hops (docs/security.md, "Hardening").

import { randomUUID } from 'node:crypto';
import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);
/**
 * The API's words for answers written here, from the one catalogue (messages/<lang>/api.json and
 * validation.json; their texts have no ICU syntax beyond `{name}` placeholders).
 */
const catalogue = {
  de: { ...require('../messages/de/api.json').answers, ...require('../messages/de/validation.json') },
  en: { ...require('../messages/en/api.json').answers, ...require('../messages/en/validation.json') },
};
/** The error codes' texts (messages/<lang>/api.json, `errors`). */
const errorTexts = { de: require('../messages/de/api.json').errors, en: require('../messages/en/api.json').errors };
/**
 * A text of the catalogue in both languages, its `{name}` placeholders filled.
 * @param {string} key
 * @param {Record<string, string>} [params]
 * @returns {{ de: string, en: string }}
 */
export function answerText(key, params = {}) {
  const fill = (/** @type {string} */ text) => text.replace(/\{(\w+)\}/g, (_m, name) => params[name] ?? `{${name}}`);
  return { de: fill(catalogue.de[key]), en: fill(catalogue.en[key]) };
}

/**
 * The API's error envelope of one entry, as lib/api/respond.ts (errorBody) writes it: English
 * message, both translations, the code's entry in the error reference.
 * @param {string} code
 * @param {{ de: string, en: string }} text
 * @param {string} publicUrl
 * @param {string} [details]
 */
function errorEnvelope(code, text, publicUrl, details) {
  return { errors: [{ code, message: text.en, ...(details ? { details } : {}), translations: text, docs: `${publicUrl}/docs/errors#${code}` }] };
}

// Body limits by path, bytes (the routes enforce the same limits while streaming).
const SMALL_BODY = 8 * 1024;
const API_BODY = 256 * 1024;
const PAGE_BODY = 1024 * 1024;
/** An invoice upload: a PDF of at most 5 MB with its form fields (lib/api/body.ts, MAX_MULTIPART_BYTES). */
const UPLOAD_BODY = 6 * 1024 * 1024;
/** The upload routes: the dealer's invoice, through the API and the portal. */
const UPLOAD_PATH = /^\/(?:v1|api\/portal)\/offers\/[^/]+\/invoice$/;
/**
 * The answer to a body refused from its Content-Length, as the routes give it while streaming:
 * RFC 6749's form under /oauth/, else the error envelope with its `docs` link.
 * @param {string} path
 * @param {number} limit
 * @param {string} publicUrl
 */
export function bodyRefusal(path, limit, publicUrl) {
  const text = answerText('bodyTooLarge', { maximum: limit >= 1024 * 1024 ? `${limit / 1024 / 1024} MB` : `${limit / 1024} KiB` });
  return path.startsWith('/oauth/')
    ? { error: 'invalid_request', error_description: text.en }
    : errorEnvelope('INVALID_REQUEST', text, publicUrl);
}

/**
 * The request id of an answer written here, as lib/api/request-id.ts decides it: the client's when
 * it is a safe token, else a new one.
 * @param {string | string[] | undefined} given
 */
export function requestIdOf(given) {
  return typeof given === 'string' && /^[A-Za-z0-9._:-]{1,128}$/.test(given) ? given : randomUUID();
}

// What a refused body may still send before its connection is closed: clients that write the whole
// body before they read (Node's fetch, most SDKs) read the answer only if the body is taken in.
const DRAIN_BYTES = 64 * 1024 * 1024;
const DRAIN_MS = 10_000;

/**
 * Refuses a body over the limit from its Content-Length, before reading it: the answer the route
 * gives while streaming (bodyRefusal), then the body is read and dropped — as Node does after a
 * keep-alive answer — up to DRAIN_BYTES or DRAIN_MS, beyond which the connection is cut.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {number} limit
 * @param {string} publicUrl
 * @param {{ bytes?: number, ms?: number }} [bounds]
 */
export function refuseBody(req, res, limit, publicUrl, bounds = {}) {
  const path = (req.url ?? '/').split('?')[0];
  res.writeHead(400, { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', 'spoke-request-id': requestIdOf(req.headers['spoke-request-id']) });
  res.end(JSON.stringify(bodyRefusal(path, limit, publicUrl)));
  let read = 0;
  const cut = () => req.socket?.destroy();
  const timer = setTimeout(cut, bounds.ms ?? DRAIN_MS);
  req.on('data', (chunk) => {
    read += chunk.length;
    if (read > (bounds.bytes ?? DRAIN_BYTES)) cut();
  });
  req.once('close', () => clearTimeout(timer));
  req.resume();
}

/** @param {string} path */
export function bodyLimit(path) {
  if (path.startsWith('/oauth/') || path.startsWith('/api/auth/')) return SMALL_BODY;
  if (UPLOAD_PATH.test(path)) return UPLOAD_BODY;
  if (path.startsWith('/v1/') || path.startsWith('/api/')) return API_BODY;
  return PAGE_BODY;
}

/**
 * The client's address and scheme: the socket's, or — with `hops` trusted proxies in front — the
 * entry that the outermost trusted proxy wrote.
 * @param {import('node:http').IncomingMessage} req
 * @param {number} hops
 */
export function clientOf(req, hops) {
  const socketAddress = (req.socket.remoteAddress ?? 'unknown').replace(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/, '$1');
  // `encrypted` exists on TLS sockets only.
  const socketProto = 'encrypted' in req.socket && req.socket.encrypted ? 'https' : 'http';
  if (hops <= 0) return { address: socketAddress, proto: socketProto };
  const header = (name) => {
    const v = req.headers[name];
    return (Array.isArray(v) ? v.join(',') : (v ?? '')).split(',').map((s) => s.trim()).filter(Boolean);
  };
  // The chain as seen from here: socket first, then the forwarded entries from right to left.
  const addresses = [socketAddress, ...header('x-forwarded-for').reverse()];
  const address = addresses[Math.min(hops, addresses.length - 1)];
  const protos = header('x-forwarded-proto');
  const proto = protos.length > 0 ? (protos[Math.max(0, protos.length - hops)] ?? socketProto).toLowerCase() : socketProto;
  return { address, proto: proto === 'https' ? 'https' : 'http' };
}


const { commonHeaders, apiPolicy } = require('../lib/security/response-headers.cjs');
/** Every response's headers and the API's policy, as next.config.js gives them to the app's answers. */
const API_HEADERS = Object.fromEntries([...commonHeaders, apiPolicy].map(({ key, value }) => [key, value]));
/** The headers of a JSON answer written straight to the socket. */
const ENVELOPE_HEAD = Object.entries({ 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-store', connection: 'close', ...API_HEADERS })
  .map(([key, value]) => `${key}: ${value}`)
  .join('\r\n');
/** What the parser refused, in words: [status, reason phrase, English, German]. */
function parseRefusal(code) {
  const [status, reason, key] =
    code === 'HPE_INVALID_URL'
      ? [400, 'Bad Request', 'parserInvalidUrl']
      : code === 'HPE_HEADER_OVERFLOW'
        ? [431, 'Request Header Fields Too Large', 'parserHeadersTooLarge']
        : [400, 'Bad Request', 'parserInvalidHttp'];
  const text = answerText(key);
  return [status, reason, text.en, text.de];
}

/**
 * The raw answer to a request Node's HTTP parser refused before the app saw it (the server's
 * `clientError`): the spec's error envelope (RFC 6749's form under /oauth/) saying what to change,
 * instead of Node's bare 400. Undefined where Node's own handling stands: a timed-out request (408)
 * or a connection the client already reset.
 * @param {{ code?: string, rawPacket?: Buffer }} err
 */
export function parseErrorAnswer(err) {
  const code = err.code ?? '';
  if (!code.startsWith('HPE_')) return undefined;
  const [status, reason, en, de] = parseRefusal(code);
  const target = (err.rawPacket?.subarray(0, 200).toString('latin1') ?? '').split(' ')[1] ?? '';
  // Like every answer of the app: a request id, and the code's entry in the error reference.
  const base = (process.env.PUBLIC_URL || process.env.NEXTAUTH_URL || `http://localhost:${process.env.PORT || 3000}`).replace(/\/$/, '');
  const body = JSON.stringify(
    target.startsWith('/oauth/')
      ? { error: 'invalid_request', error_description: en }
      : errorEnvelope('INVALID_REQUEST', { de, en }, base),
  );
  return `HTTP/1.1 ${status} ${reason}\r\n${ENVELOPE_HEAD}\r\nspoke-request-id: ${randomUUID()}\r\ncontent-length: ${Buffer.byteLength(body)}\r\n\r\n${body}`;
}

/** The liveness check's path: the process answers it itself (docs/decisions.md, "Liveness"). */
export const LIVENESS_PATH = '/api/health';
const LIVENESS_BODY = JSON.stringify({ data: { status: 'ok' }, meta: {} });
const LIVENESS_METHODS = 'GET, HEAD, OPTIONS';

/**
 * The answer to GET /api/health: this process is up and serving. It says nothing of the database
 * (that is /api/ready), so it needs nothing of the app and is written here, beside the socket:
 * a load balancer's probe every few seconds costs the node no route handling. Headers as every
 * answer of the API has them: security headers, a request id, no caching.
 * @param {import('node:http').IncomingMessage} req
 * @param {import('node:http').ServerResponse} res
 * @param {string} publicUrl
 */
export function answerLiveness(req, res, publicUrl) {
  const head = { ...API_HEADERS, 'Cache-Control': 'no-store', 'Spoke-Request-ID': requestIdOf(req.headers['spoke-request-id']) };
  if (req.method === 'OPTIONS') return res.writeHead(204, { ...head, Allow: LIVENESS_METHODS }).end();
  const allowed = req.method === 'GET' || req.method === 'HEAD';
  const body = allowed
    ? LIVENESS_BODY
    : JSON.stringify(
        errorEnvelope('METHOD_NOT_ALLOWED', { de: errorTexts.de.METHOD_NOT_ALLOWED, en: errorTexts.en.METHOD_NOT_ALLOWED }, publicUrl, `Allowed: ${LIVENESS_METHODS}.`),
      );
  res.writeHead(allowed ? 200 : 405, {
    ...head,
    ...(allowed ? {} : { Allow: LIVENESS_METHODS }),
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
  });
  // A request's body is read and dropped, so the connection stays usable.
  req.resume();
  res.end(req.method === 'HEAD' ? undefined : body);
}

/**
 * The lines `npm start` prints once the server is ready.
 * @param {Record<string, string | undefined>} env
 * @param {number} workers
 */
export function banner(env, workers) {
  const base = `http://localhost:${env.PORT ?? 3000}`;
  const embedded = !env.DATABASE_URL;
  const demo = ['true', '1'].includes(env.SEED_DEMO ?? (embedded ? 'true' : 'false'));
  const demoLines = `
  Demo API clients: demo-sandbox / demo-sandbox-secret (sandbox), demo-readonly / demo-readonly-secret (sandbox, read-only),
                    demo-production / demo-production-secret (production), other-sandbox / other-sandbox-secret (another dealer's sandbox)
  Demo users: dealer@example.com / demo1234, operator@example.com / demo1234, hr@acme.example / demo1234 (employer)
  Get a token:  curl -u demo-sandbox:demo-sandbox-secret -d grant_type=client_credentials ${base}/oauth/token`;
  return `
  Spoke is ready on ${base}
    Start page        ${base}/
    Dealer portal     ${base}/portal
    Operator console  ${base}/console
    Employer face     ${base}/employer
    API reference     ${base}/docs
    Health            ${base}/api/health
    Database          ${embedded ? `embedded (${env.PGLITE_DATA_DIR ?? '.data/app'})` : 'PostgreSQL (DATABASE_URL)'}
    Processes         ${workers} worker${workers === 1 ? '' : 's'} (stop: SIGTERM to the process group, or to this process ${process.pid})${demo ? demoLines : ''}
`;
}
