import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { adminSql, copyTemplateDatabase, dropDatabase, testDatabaseUrl } from './helpers/postgres-admin';
import { offerBody } from './helpers/offers';
import { hashSecret } from '@/lib/auth/secret-hash';

// `npm start` as a supervisor sees it (issue 15, points 11–13): the real start script
// (scripts/start.mjs → scripts/server.mjs), a fresh PostgreSQL database, production secrets.
// - A refused setting ends the process within seconds with exit code 1 and one message naming the
//   variable and what it accepts — before anything is built or served.
// - The banner appears once the server answers, and names the portal, console and API reference.
// - SIGTERM under a stream of creates: every request is answered 202 or was refused before the
//   server accepted it (nothing written for it), exit code 0 within 10 s, the port free afterwards.

const POSTGRES = !!testDatabaseUrl();
const SECRETS = { NEXTAUTH_SECRET: 'process-test-session-secret-0123456789', CRON_SECRET: 'process-test-cron-secret' };
const DEMO_SECRET = 'demo-sandbox-secret';

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = net.createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

function portIsFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

/** The processes whose parent is `pid` (Linux /proc), those whose command line holds `command` if given. */
function childrenOf(pid: number, command?: string): number[] {
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .filter((d) => {
      try {
        const stat = readFileSync(`/proc/${d}/stat`, 'utf8');
        if (Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) !== pid) return false;
        return !command || readFileSync(`/proc/${d}/cmdline`, 'utf8').includes(command);
      } catch {
        return false;
      }
    })
    .map(Number);
}

/** Running (not gone, not a zombie waiting for its parent). */
function alive(pid: number): boolean {
  try {
    return !/\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
  } catch {
    return false;
  }
}

/**
 * Which process holds the server side of each connection: the socket inode of the entry in
 * /proc/net/tcp{,6} whose local port is the server's and remote port the client's, found among
 * the file descriptors of `pids`.
 */
function connectionOwners(serverPort: number, clientPorts: number[], pids: number[]): Map<number, number | undefined> {
  const hex = (n: number) => n.toString(16).toUpperCase().padStart(4, '0');
  const inodes = new Map<number, string>();
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const f = line.trim().split(/\s+/);
      if (f.length < 10) continue;
      const local = f[1]!.split(':')[1];
      const remote = f[2]!.split(':')[1];
      for (const port of clientPorts) if (local === hex(serverPort) && remote === hex(port)) inodes.set(port, f[9]!);
    }
  }
  const ownerOf = new Map<string, number>();
  for (const pid of pids) {
    for (const fd of readdirSync(`/proc/${pid}/fd`)) {
      try {
        const m = /^socket:\[(\d+)\]$/.exec(readlinkSync(`/proc/${pid}/fd/${fd}`));
        if (m) ownerOf.set(m[1]!, pid);
      } catch {
        // closed meanwhile
      }
    }
  }
  return new Map(clientPorts.map((port) => [port, ownerOf.get(inodes.get(port) ?? '')]));
}

/** `n` keep-alive connections, each with one answered request; the caller ends them. */
async function openConnections(port: number, n: number): Promise<net.Socket[]> {
  return Promise.all(
    Array.from(
      { length: n },
      () =>
        new Promise<net.Socket>((resolve, reject) => {
          const socket = net.connect(port, '127.0.0.1');
          let text = '';
          socket.on('data', (d: Buffer) => {
            text += d.toString();
            if (/\r\n\r\n/.test(text) && text.startsWith('HTTP/1.1 200')) resolve(socket);
          });
          socket.once('error', reject);
          socket.write('GET /api/health HTTP/1.1\r\nHost: localhost\r\nConnection: keep-alive\r\n\r\n');
        }),
    ),
  );
}

/** One request on a connection of its own (so that successive requests go to both workers). */
function send(port: number, path: string, body: string, headers: Record<string, string>, method = 'POST'): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, path, method, headers: { ...headers, ...(body ? { 'content-length': String(Buffer.byteLength(body)) } : {}) }, agent: false });
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d: Buffer) => (text += d.toString()));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
    });
    // A refused body may end the connection before all of it is written: the answer still counts.
    req.on('error', (err: NodeJS.ErrnoException) => (err.code === 'EPIPE' || err.code === 'ECONNRESET' ? undefined : reject(err)));
    req.end(body || undefined);
  });
}

/** True when connections opened now are served by every one of `workers`. */
async function serving(port: number, workers: number[]): Promise<boolean> {
  const sockets = await openConnections(port, 2 * workers.length);
  try {
    const owners = connectionOwners(port, sockets.map((s) => s.localPort!), workers);
    return new Set(owners.values()).size === workers.length && [...owners.values()].every((o) => o !== undefined);
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

async function expectBothServe(port: number, workers: number[]) {
  const sockets = await openConnections(port, 4);
  try {
    const owners = connectionOwners(port, sockets.map((s) => s.localPort!), workers);
    expect([...owners.values()].every((o) => o !== undefined)).toBe(true);
    expect([...new Set(owners.values())].sort()).toEqual([...workers].sort());
  } finally {
    for (const socket of sockets) socket.destroy();
  }
}

const marker = `Qx${randomBytes(5).toString('hex')}`;

type Started = { child: ChildProcess; output: () => string; exit: Promise<{ code: number | null; ms: number }> };

/** Waits for the banner; fails with the output if the server exits first. */
async function ready(server: Started): Promise<void> {
  while (!server.output().includes('Spoke is ready on')) {
    if (server.child.exitCode !== null) throw new Error(`exited before it was ready:\n${server.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The token response of the demo dealer's sandbox client. */
function demoTokenResponse(base: string): Promise<Response> {
  return fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ grant_type: 'client_credentials', client_id: 'demo-sandbox', client_secret: DEMO_SECRET }),
  });
}

/** An access token of the demo dealer's sandbox client. */
async function demoToken(base: string): Promise<string> {
  return ((await (await demoTokenResponse(base)).json()) as { access_token: string }).access_token;
}

function start(env: Record<string, string>, command: string[] = [process.execPath, 'scripts/start.mjs']): Started {
  let output = '';
  const began = Date.now();
  const child = spawn(command[0]!, command.slice(1), {
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env } as unknown as NodeJS.ProcessEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (output += d.toString()));
  const exit = new Promise<{ code: number | null; ms: number }>((resolve) => child.once('exit', (code) => resolve({ code, ms: Date.now() - began })));
  return { child, output: () => output, exit };
}

describe('a refused setting stops `npm start` at once', () => {
  const cases: Array<{ name: string; env: Record<string, string>; variable: string; allowed: RegExp }> = [
    { name: 'TOKEN_TTL_SECONDS=2', env: { TOKEN_TTL_SECONDS: '2' }, variable: 'TOKEN_TTL_SECONDS', allowed: /60 to 86400/ },
    { name: 'TRUST_PROXY=-1', env: { TRUST_PROXY: '-1' }, variable: 'TRUST_PROXY', allowed: /0 .* to 10/ },
    { name: 'WEB_CONCURRENCY=0', env: { WEB_CONCURRENCY: '0' }, variable: 'WEB_CONCURRENCY', allowed: /1 to 64/ },
    { name: 'WEB_CONCURRENCY=2 on the embedded database', env: { WEB_CONCURRENCY: '2' }, variable: 'WEB_CONCURRENCY', allowed: /PostgreSQL only/ },
    {
      name: 'NEXTAUTH_SECRET at its public default in production against PostgreSQL',
      env: { DATABASE_URL: 'postgres://postgres@127.0.0.1:5432/none', CRON_SECRET: SECRETS.CRON_SECRET, NEXTAUTH_SECRET: 'dev-session-secret-change-me' },
      variable: 'NEXTAUTH_SECRET',
      allowed: /at least 16 characters/,
    },
  ];
  for (const c of cases) {
    it(`${c.name}: exit 1 within 5 s, one message naming the variable and its allowed values`, async () => {
      const run = start({ PORT: String(await freePort()), ...c.env });
      const { code, ms } = await run.exit;
      console.info(`${c.name}: exit ${code} after ${ms} ms`);
      expect(code).toBe(1);
      // The target is 5 s (measured 2.5–4 s, docs/reliability.md); the bound leaves room for a busy CI
      // machine while still catching a server that stays up.
      expect(ms).toBeLessThan(15_000);
      const lines = run.output().trim().split('\n');
      expect(lines).toHaveLength(1);
      expect(lines[0]).toContain(c.variable);
      expect(lines[0]).toMatch(c.allowed);
      expect(lines[0]).not.toContain('dev-session-secret-change-me');
    }, 30_000);
  }
});

describe.skipIf(!POSTGRES)('`npm start` on PostgreSQL: ready banner, SIGTERM under a stream of creates', () => {
  const name = `spoke_proc_${randomBytes(6).toString('hex')}`;
  let databaseUrl = '';
  let run: Started | undefined;

  beforeAll(async () => {
    // The start script serves the build; without one it would build first (minutes), here too.
    if (!existsSync('.next/BUILD_ID')) {
      const build = spawnSync('node_modules/.bin/next', ['build'], { env: { ...process.env, NODE_ENV: 'production' }, stdio: 'ignore' });
      if (build.status !== 0) throw new Error('next build failed');
    }
    databaseUrl = await copyTemplateDatabase(inject('templateDatabase')!, name);
    // The copy's client secrets were hashed with the tests' key; the server has its own. Stored the
    // old way (scrypt, no key), the demo client's secret works once and is moved to the server's key.
    const sql = adminSql(databaseUrl);
    await sql`update api_clients set secret_hash = ${await hashSecret(DEMO_SECRET)} where client_id = 'demo-sandbox'`;
    await sql.end();
  }, 900_000);

  afterAll(async () => {
    if (run && run.child.exitCode === null) run.child.kill('SIGKILL');
    await dropDatabase(name);
  });

  it('answers every request 202 or refuses it before accepting it, exits 0 within 10 s, leaves the port free', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    run = start({
      PORT: String(port),
      DATABASE_URL: databaseUrl,
      ...SECRETS,
      PROCESSOR_INTERVAL_MS: '100',
      DATABASE_POOL_SIZE: '12',
      TRUST_PROXY: '1',
      WEB_CONCURRENCY: '2',
      LOG_LEVEL: 'info',
    });
    const current = run;
    const exitedEarly = current.exit.then(({ code }) => {
      throw new Error(`npm start exited (${code}) before it was ready:\n${current.output()}`);
    });

    // Ready: the banner comes when the server answers, not before.
    await Promise.race([
      exitedEarly,
      (async () => {
        while (!current.output().includes('Spoke is ready on')) await new Promise((r) => setTimeout(r, 50));
      })(),
    ]);
    const health = await fetch(`${base}/api/health`);
    expect(health.status).toBe(200);
    // Answered by the process itself (scripts/server-net.mjs), with the headers of every API answer.
    expect(health.headers.get('x-content-type-options')).toBe('nosniff');
    expect(health.headers.get('spoke-request-id')).toBeTruthy();
    expect(current.output()).toMatch(/\/portal\b/);
    expect(current.output()).toMatch(/\/console\b/);
    expect(current.output()).toMatch(/\/docs\b/);

    // HSTS when the request arrived over https — here through the one trusted proxy (TRUST_PROXY=1).
    const viaHttps = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(viaHttps.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
    const viaHttp = await fetch(`${base}/api/health`, { headers: { 'x-forwarded-proto': 'http' } });
    expect(viaHttp.headers.get('strict-transport-security')).toBeNull();

    // A declared 512 MB body at the sign-in endpoint: answered at once, nothing read.
    const declared = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const r = http.request(`${base}/api/auth/callback/credentials`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'content-length': String(512 * 1024 * 1024) },
      });
      r.on('response', (res) => {
        let body = '';
        res.on('data', (d: Buffer) => (body += d.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
      });
      r.on('error', reject);
      r.write('email=a');
    });
    expect(declared.status).toBe(400);
    expect(JSON.parse(declared.body)).toMatchObject({ errors: [{ code: 'INVALID_REQUEST' }] });

    // Two workers (node:cluster), both serving: connections are handed out in turn, and the server
    // side of four connections is held by both worker processes. The banner came once.
    expect(current.output().match(/Spoke is ready on/g)).toHaveLength(1);
    const primary = current.child.pid!;
    const workers = childrenOf(primary, 'scripts/server.mjs');
    expect(workers).toHaveLength(2);
    await expectBothServe(port, workers);

    // A worker that dies is replaced (one log line), and the new one serves.
    process.kill(workers[1]!, 'SIGKILL');
    while (!/worker \d+ exited \(SIGKILL\); starting a new one/.test(current.output())) await new Promise((r) => setTimeout(r, 50));
    expect(current.output().match(/worker \d+ exited/g)).toHaveLength(1);
    let replaced: number[] = [];
    for (;;) {
      replaced = childrenOf(primary, 'scripts/server.mjs');
      if (replaced.length === 2 && !replaced.includes(workers[1]!) && (await serving(port, replaced))) break;
      await new Promise((r) => setTimeout(r, 100));
    }
    expect(replaced).toContain(workers[0]);

    // Per-client limits are exact across the workers: 10 failed attempts for one (client, address),
    // each on its own connection (so both workers answer some), then 429.
    const attempts: number[] = [];
    for (let i = 0; i < 12; i++) {
      attempts.push(
        (await send(port, '/oauth/token', 'grant_type=client_credentials&client_id=demo-sandbox&client_secret=wrong', {
          'content-type': 'application/x-www-form-urlencoded',
          'x-forwarded-for': '198.51.100.9',
        })).status,
      );
    }
    expect(attempts).toEqual([...Array(10).fill(401), 429, 429]);

    // Failing requests carrying request data (a marker in secrets, e-mails, names, queries, bodies
    // too large or too deep): the log lines they cause (LOG_LEVEL=info) hold none of it — checked
    // on the whole output once the server has stopped.
    const secretJunk = `${marker}-secret`;
    const bad: Array<[string, string, string, Record<string, string>]> = [
      ['POST', '/oauth/token', `grant_type=client_credentials&client_id=demo-sandbox&client_secret=${secretJunk}`, { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.10' }],
      ['POST', '/oauth/token', `grant_type=client_credentials&client_id=${marker}%40mail.example&client_secret=x`, { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.10' }],
      ['POST', '/oauth/token', `grant_type=client_credentials&client_id=${marker}&client_secret=${'x'.repeat(9000)}`, { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/api/auth/callback/credentials', `email=${marker}%40mail.example&password=${marker}-pw&csrfToken=${marker}`, { 'content-type': 'application/x-www-form-urlencoded' }],
      ['POST', '/api/auth/callback/credentials', `email=${marker}&password=${'p'.repeat(9000)}`, { 'content-type': 'application/x-www-form-urlencoded' }],
      ['GET', `/v1/offers?search=${marker}&creationDateFrom=0000-01-01`, '', { authorization: 'Bearer {token}' }],
      ['GET', `/v1/offers?customerEmail=${marker}%40mail.example&statusChangedDateTo=2024-02-30`, '', { authorization: 'Bearer {token}' }],
      ['GET', '/v1/offers', '', { authorization: `Bearer ${marker}.${marker}.${marker}` }],
      ['POST', '/v1/offers', JSON.stringify(offerBody({ customerName: `${marker} Name`, customerEmail: `${marker}@mail.example`, deliveryDate: '9999-12-31T23:59:59-14:00' })), { authorization: 'Bearer {token}', 'content-type': 'application/json', 'idempotency-key': `${marker}-key` }],
      ['POST', '/v1/offers', `{"customerName":"${marker}","x":${'['.repeat(5000)}${']'.repeat(5000)}}`, { authorization: 'Bearer {token}', 'content-type': 'application/json', 'idempotency-key': `${marker}-deep` }],
      ['POST', '/v1/offers/validate', `{"customerName":"${marker}","notes":"${'n'.repeat(300 * 1024)}"}`, { authorization: 'Bearer {token}', 'content-type': 'application/json' }],
      ['POST', '/v1/webhooks', JSON.stringify({ url: `http://169.254.169.254/${marker}`, description: marker }), { authorization: 'Bearer {token}', 'content-type': 'application/json' }],
    ];

    const tokenRes = await demoTokenResponse(base);
    expect(tokenRes.status).toBe(200);
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const check = adminSql(databaseUrl);
    const [stored] = await check<{ h: string }[]>`select secret_hash as h from api_clients where client_id = 'demo-sandbox'`;
    await check.end();
    expect(stored?.h).toMatch(/^hmac-sha256\$/);
    for (const [method, path, body, headers] of bad) {
      const withToken = Object.fromEntries(Object.entries(headers).map(([k, v]) => [k, v.replace('{token}', token)]));
      const res = await send(port, path, body, withToken, method);
      expect(res.status, `${method} ${path.slice(0, 80)}: ${res.body.slice(0, 200)}`).toBeLessThan(500);
    }

    // A stream of creates from 8 clients; SIGTERM after 60 answers; the clients go on until refused.
    const runId = randomBytes(3).toString('hex');
    type Sent = { externalOfferId: string; status: number | 'refused'; id?: string };
    const sent: Sent[] = [];
    let accepted = 0;
    let signalledAt = 0;
    let n = 0;
    const worker = async () => {
      for (;;) {
        const entry: Sent = { externalOfferId: `STOP-${runId}-${n++}`, status: 'refused' };
        sent.push(entry);
        try {
          const res = await fetch(`${base}/v1/offers`, {
            method: 'POST',
            headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json', 'idempotency-key': entry.externalOfferId },
            body: JSON.stringify(offerBody({ externalOfferId: entry.externalOfferId })),
          });
          entry.status = res.status;
          if (res.status === 202) entry.id = ((await res.json()) as { data: { id: string } }).data.id;
          else await res.text();
          if (++accepted === 60) {
            signalledAt = Date.now();
            current.child.kill('SIGTERM');
          }
        } catch {
          // Connection refused or closed before an answer: checked against the database below.
          if (signalledAt) return;
        }
      }
    };
    await Promise.all(Array.from({ length: 8 }, worker));
    const { code } = await current.exit;
    const stopMs = Date.now() - signalledAt;
    console.info(`SIGTERM → exit ${code} after ${stopMs} ms; ${sent.filter((s) => s.status === 202).length} answered 202, ${sent.filter((s) => s.status === 'refused').length} refused`);

    expect(code).toBe(0);
    expect(stopMs).toBeLessThan(10_000);
    expect(await portIsFree(port)).toBe(true);
    expect(sent.filter((s) => s.status !== 202 && s.status !== 'refused')).toEqual([]);
    expect(current.output()).toContain('Spoke stopped');
    // Every worker is gone too; the log of the failing requests above held none of their data.
    expect(replaced.filter(alive)).toEqual([]);
    expect(current.output()).toContain('token request: client authentication failed');
    expect(current.output()).not.toContain(marker);

    // Every 202 is stored; no refused request was written (it was never accepted).
    const sql = adminSql(databaseUrl);
    try {
      const rows = await sql<{ external_offer_id: string }[]>`select external_offer_id from offers where external_offer_id like ${`STOP-${runId}-%`}`;
      const stored = new Set(rows.map((r) => r.external_offer_id));
      expect(sent.filter((s) => s.status === 202 && !stored.has(s.externalOfferId))).toEqual([]);
      expect(sent.filter((s) => s.status === 'refused' && stored.has(s.externalOfferId))).toEqual([]);
      // The pool was closed: no connection of the server is left on its database.
      const [left] = await sql<{ count: number }[]>`select count(*)::int as count from pg_stat_activity where datname = ${name} and pid <> pg_backend_pid()`;
      expect(left?.count).toBe(0);
    } finally {
      await sql.end();
    }
  });
  it('`npm start` stops with its shell: a SIGTERM to the `sh -c` npm runs leaves no server behind', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const npm = start({ PORT: String(port), DATABASE_URL: databaseUrl, ...SECRETS, WEB_CONCURRENCY: '2' }, ['npm', 'start', '--silent']);
    const exitedEarly = npm.exit.then(({ code }) => {
      throw new Error(`npm start exited (${code}) before it was ready:\n${npm.output()}`);
    });
    await Promise.race([
      exitedEarly,
      (async () => {
        while (!npm.output().includes('Spoke is ready on')) await new Promise((r) => setTimeout(r, 50));
      })(),
    ]);
    exitedEarly.catch(() => {});
    // npm → sh -c → node scripts/start.mjs → two workers (and nothing else)
    const [shell] = childrenOf(npm.child.pid!);
    const [primary] = childrenOf(shell!);
    const tree = [shell!, primary!, ...childrenOf(primary!)];
    let ms = 0;
    try {
      expect(tree).toHaveLength(4);
      expect(childrenOf(primary!, 'scripts/server.mjs')).toHaveLength(2);
      const signalledAt = Date.now();
      process.kill(shell!, 'SIGTERM');
      while (tree.some(alive) || !(await portIsFree(port))) {
        if (Date.now() - signalledAt > 15_000) throw new Error(`still running after 15 s: ${tree.filter(alive).join(', ')}\n${npm.output()}`);
        await new Promise((r) => setTimeout(r, 100));
      }
      ms = Date.now() - signalledAt;
    } finally {
      for (const pid of [npm.child.pid!, ...tree].filter(alive)) process.kill(pid, 'SIGKILL');
    }
    console.info(`SIGTERM to npm's shell → every process gone after ${ms} ms`);
    expect(ms).toBeLessThan(10_000);
    expect(npm.output()).toContain('Spoke stopped');
  });

  it('ends an open offer-page event stream when it stops, instead of waiting for it', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    const server = start({ PORT: String(port), DATABASE_URL: databaseUrl, ...SECRETS, WEB_CONCURRENCY: '1', NEXTAUTH_URL: base, PUBLIC_URL: base });
    try {
      await ready(server);
      // An offer of the demo dealer's sandbox, and a signed-in portal user of that dealer.
      const token = await demoToken(base);
      const created = await fetch(`${base}/v1/offers`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify(offerBody()),
      });
      const offerId = ((await created.json()) as { data: { id: string } }).data.id;
      const cookies = new Map<string, string>();
      const keep = (res: Response) => {
        for (const c of res.headers.getSetCookie()) cookies.set(c.slice(0, c.indexOf('=')), c.slice(c.indexOf('=') + 1).split(';')[0]!);
      };
      const cookie = () => [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const csrf = await fetch(`${base}/api/auth/csrf`);
      keep(csrf);
      const { csrfToken } = (await csrf.json()) as { csrfToken: string };
      const signIn = await fetch(`${base}/api/auth/callback/credentials`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'content-type': 'application/x-www-form-urlencoded', cookie: cookie() },
        body: new URLSearchParams({ csrfToken, email: 'dealer@example.com', password: 'demo1234', json: 'true' }),
      });
      keep(signIn);
      expect([...cookies.keys()].some((k) => k.includes('session-token'))).toBe(true);

      // The page's stream: the offer's version at once, then it stays open.
      const events = await fetch(`${base}/portal/offers/${offerId}/events`, { headers: { cookie: cookie() } });
      expect(events.status).toBe(200);
      const reader = events.body!.getReader();
      const first = new TextDecoder().decode((await reader.read()).value);
      expect(first).toMatch(/^(retry: \d+\n)?data: /);

      // Pages that go away take their streams' hold on the server with them: fifteen more streams,
      // each closed by its page, leave no listener behind on the server's stopping signal (it
      // warns "MaxListenersExceededWarning … abort listeners added to [AbortSignal]" once more
      // than ten wait on it — every stream ever opened, before endedByAny).
      for (let i = 0; i < 15; i++) {
        const page = new AbortController();
        const stream = await fetch(`${base}/portal/offers/${offerId}/events`, { headers: { cookie: cookie() }, signal: page.signal });
        expect(stream.status).toBe(200);
        const r = stream.body!.getReader();
        expect(new TextDecoder().decode((await r.read()).value)).toMatch(/^(retry: \d+\n)?data: /);
        page.abort();
        await r.closed.catch(() => {});
      }
      expect((await fetch(`${base}/api/health`)).status).toBe(200);
      expect(server.output()).not.toContain('MaxListenersExceededWarning');

      // SIGTERM: the server ends the stream itself (the reader sees its end, not a cut
      // connection, which is what the drain's last resort would give), then exits 0.
      server.child.kill('SIGTERM');
      let ended: 'done' | 'cut';
      try {
        for (;;) if ((await reader.read()).done) break;
        ended = 'done';
      } catch {
        ended = 'cut';
      }
      expect(ended).toBe('done');
      const { code } = await server.exit;
      expect(code).toBe(0);
      expect(await portIsFree(port)).toBe(true);
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });

  it('serves /v1 through Next.js: lists with ETag, 304 and gzip, errors in the envelope, writes seen at once, offers as JSON and PDF', { timeout: 180_000 }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // No processor: nothing but this test changes the offers, so equal pages can be compared.
    const server = start({ PORT: String(port), DATABASE_URL: databaseUrl, ...SECRETS, WEB_CONCURRENCY: '1', NEXTAUTH_URL: base, PUBLIC_URL: base, PROCESSOR_INTERVAL_MS: '0' });
    try {
      await ready(server);
      const token = await demoToken(base);
      const auth = { authorization: `Bearer ${token}` };
      // Raw HTTP (fetch would decompress and hide the encoding).
      const get = (path: string, headers: Record<string, string> = {}) =>
        new Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }>((resolve, reject) => {
          const r = http.get(`${base}${path}`, { headers }, (res) => {
            const chunks: Buffer[] = [];
            res.on('data', (d: Buffer) => chunks.push(d));
            res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
          });
          r.on('error', reject);
        });

      const query = '/v1/offers?perPage=2&sortBy=offerNumber';
      const first = await get(query, auth);
      expect(first.status).toBe(200);
      const again = await get(query, auth);
      expect(again.body.toString()).toBe(first.body.toString());
      for (const name of ['content-type', 'cache-control', 'etag', 'x-content-type-options', 'referrer-policy', 'x-frame-options', 'content-security-policy', 'ratelimit-limit']) {
        expect(first.headers[name], name).toBeDefined();
        expect(again.headers[name], name).toBe(first.headers[name]);
      }
      expect(again.headers['spoke-request-id']).toMatch(/^[0-9a-f-]{36}$/);
      expect(again.headers['spoke-request-id']).not.toBe(first.headers['spoke-request-id']);

      // 304 for the ETag; gzip for a client that takes it.
      expect((await get(query, { ...auth, 'if-none-match': String(first.headers.etag) })).status).toBe(304);
      // Enough offers for a page over the size below which nothing is compressed.
      for (let i = 0; i < 3; i++) {
        const res = await fetch(`${base}/v1/offers`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(offerBody()) });
        expect(res.status).toBe(202);
      }
      const plain = await get('/v1/offers?perPage=20', auth);
      expect(plain.body.length).toBeGreaterThan(1024);
      const zipped = await get('/v1/offers?perPage=20', { ...auth, 'accept-encoding': 'gzip, deflate' });
      expect(zipped.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(zipped.body).toString()).toBe(plain.body.toString());

      // Errors in the envelope, with the same headers: no token, a bad parameter.
      const anonymous = await get('/v1/offers?perPage=2');
      expect(anonymous.status).toBe(401);
      expect(JSON.parse(anonymous.body.toString())).toMatchObject({ errors: [{ code: 'UNAUTHORIZED' }] });
      expect(anonymous.headers['content-security-policy']).toBe(first.headers['content-security-policy']);
      const bad = await get('/v1/offers?perPage=0', auth);
      expect(bad.status).toBe(400);
      expect(JSON.parse(bad.body.toString()).errors[0].code).toMatch(/^[A-Z_]+$/);

      // A write is seen at once, and the list's ETag moves on with it.
      const before = await get('/v1/offers?perPage=1', auth);
      const created = await fetch(`${base}/v1/offers`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify(offerBody()),
      });
      expect(created.status).toBe(202);
      const createdId = ((await created.json()) as { data: { id: string } }).data.id;
      const after = await get('/v1/offers?perPage=1', { ...auth, 'if-none-match': String(before.headers.etag) });
      expect(after.status).toBe(200);
      const afterBody = JSON.parse(after.body.toString());
      expect(afterBody.data[0].id).toBe(createdId);
      expect(afterBody.meta.totalCount).toBe(JSON.parse(before.body.toString()).meta.totalCount + 1);

      // One offer: JSON with its ETag, the PDF, an unknown id.
      const one = await get(`/v1/offers/${createdId}`, auth);
      expect(one.status).toBe(200);
      expect(JSON.parse(one.body.toString()).data.id).toBe(createdId);
      expect((await get(`/v1/offers/${createdId}`, { ...auth, 'if-none-match': String(one.headers.etag) })).status).toBe(304);
      const pdf = await get(`/v1/offers/${createdId}`, { ...auth, accept: 'application/pdf' });
      expect(pdf.status).toBe(200);
      expect(pdf.headers['content-type']).toContain('application/pdf');
      expect(pdf.body.subarray(0, 5).toString()).toBe('%PDF-');
      const unknown = await get('/v1/offers/00000000-0000-4000-8000-000000000000', auth);
      expect(unknown.status).toBe(404);
      expect(JSON.parse(unknown.body.toString()).errors[0].code).toMatch(/^[A-Z_]+$/);
      expect((await get('/v1/offers/categories', auth)).status).toBe(200);
      expect((await get('/v1/offers/not-an-id', auth)).status).toBe(400);
      expect((await get(`/v1/offers/${createdId}/history`, auth)).status).toBe(200);

      // A raw (not percent-encoded) ü in the URL, as `curl "…?search=MÜLLER"` sends it: Node's
      // parser refuses it before the app; the answer is still the envelope saying what to change.
      const rawAnswer = await new Promise<string>((resolve, reject) => {
        const socket = net.connect(port, '127.0.0.1', () => socket.write(Buffer.from(`GET /v1/offers?search=MÜLLER HTTP/1.1\r\nHost: 127.0.0.1\r\nAuthorization: Bearer ${token}\r\n\r\n`, 'utf8')));
        const chunks: Buffer[] = [];
        socket.on('data', (d: Buffer) => chunks.push(d));
        socket.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
        socket.on('error', reject);
      });
      expect(rawAnswer.startsWith('HTTP/1.1 400 ')).toBe(true);
      const rawBody = JSON.parse(rawAnswer.slice(rawAnswer.indexOf('\r\n\r\n') + 4));
      expect(rawBody.errors[0].code).toBe('INVALID_REQUEST');
      expect(rawBody.errors[0].message).toContain('percent-encoded');
      // The same search percent-encoded is answered.
      expect((await get(`/v1/offers?search=${encodeURIComponent('MÜLLER')}`, auth)).status).toBe(200);

      // A body refused from its Content-Length: Node's fetch, which sends the whole body before it
      // reads, gets the answer (the server reads and drops the body), request after request; the
      // socket used to be destroyed at once and fetch failed with EPIPE.
      const big = Buffer.alloc(10 * 1024 * 1024, 'a');
      for (let i = 0; i < 4; i++) {
        const refused = await fetch(`${base}/v1/offers`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: big });
        expect(refused.status).toBe(400);
        expect((await refused.json()).errors[0]).toMatchObject({ code: 'INVALID_REQUEST', docs: `${base}/docs/errors#INVALID_REQUEST` });
      }
    } finally {
      if (server.child.exitCode === null) server.child.kill('SIGKILL');
    }
  });
});
