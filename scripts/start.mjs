// npm start: build once if there is no build, then serve it. Data of the embedded database stays
// in .data/app between starts.
import { existsSync } from 'node:fs';
import { spawnSync, spawn } from 'node:child_process';

const next = 'node_modules/.bin/next';
if (!existsSync('.next/BUILD_ID')) {
  console.log('No build found: building Spoke once (next build)…');
  const build = spawnSync(next, ['build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

const port = process.env.PORT ?? '3000';
// V8 grows its heap lazily up to a quarter of the machine's memory; the service needs far less
// (docs/performance.md, RSS). A cap keeps a node's memory predictable; NODE_OPTIONS overrides it.
const HEAP_OPTION = '--max-old-space-size=256';
const nodeOptions = process.env.NODE_OPTIONS?.includes('--max-old-space-size') ? process.env.NODE_OPTIONS : `${process.env.NODE_OPTIONS ?? ''} ${HEAP_OPTION}`.trim();
const embedded = !process.env.DATABASE_URL;
// An idle keep-alive connection is closed after this long. Above the idle timeout of the usual load
// balancers (60 s) and clients, so it is they who close first: a server that closes a connection
// at the instant a client reuses it resets that request (docs/reliability.md).
const keepAliveTimeout = process.env.KEEP_ALIVE_TIMEOUT_MS ?? '65000';
const server = spawn(next, ['start', '-p', port, '--keepAliveTimeout', keepAliveTimeout], {
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env, NODE_OPTIONS: nodeOptions, NEXTAUTH_URL: process.env.NEXTAUTH_URL ?? `http://localhost:${port}` },
});

setTimeout(() => {
  console.log(`
  Spoke is starting on http://localhost:${port}
    Start page        http://localhost:${port}/
    Health            http://localhost:${port}/api/health
    Database          ${embedded ? `embedded (${process.env.PGLITE_DATA_DIR ?? '.data/app'})` : 'PostgreSQL (DATABASE_URL)'}
  Demo API clients (sandbox): demo-sandbox / demo-sandbox-secret, demo-readonly / demo-readonly-secret
  Demo portal users: dealer@example.com / demo1234, operator@example.com / demo1234
  Get a token:  curl -u demo-sandbox:demo-sandbox-secret -d grant_type=client_credentials http://localhost:${port}/oauth/token
`);
}, 1500);

for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
