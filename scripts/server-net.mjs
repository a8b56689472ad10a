// What scripts/server.mjs decides from the connection alone: the body limit of a path, and the
// client's address and scheme given TRUST_PROXY trusted hops (docs/security.md, "Hardening").

// Body limits by path, bytes (the routes enforce the same limits while streaming).
const SMALL_BODY = 8 * 1024;
const API_BODY = 256 * 1024;
const PAGE_BODY = 1024 * 1024;
/** @param {string} path */
export function bodyLimit(path) {
  if (path.startsWith('/oauth/') || path.startsWith('/api/auth/')) return SMALL_BODY;
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
  Demo API clients (sandbox): demo-sandbox / demo-sandbox-secret, demo-readonly / demo-readonly-secret
  Demo portal users: dealer@example.com / demo1234, operator@example.com / demo1234
  Get a token:  curl -u demo-sandbox:demo-sandbox-secret -d grant_type=client_credentials ${base}/oauth/token`;
  return `
  Spoke is ready on ${base}
    Start page        ${base}/
    Dealer portal     ${base}/portal
    Operator console  ${base}/console
    API reference     ${base}/docs
    Health            ${base}/api/health
    Database          ${embedded ? `embedded (${env.PGLITE_DATA_DIR ?? '.data/app'})` : 'PostgreSQL (DATABASE_URL)'}
    Processes         ${workers} worker${workers === 1 ? '' : 's'} (stop: SIGTERM to the process group, or to this process ${process.pid})${demo ? demoLines : ''}
`;
}
