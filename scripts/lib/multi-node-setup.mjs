// The pieces scripts/multi-node.mjs stands up around the two app nodes: an HTTPS webhook receiver
// with a certificate only this run trusts (production sends only to https), and nginx from
// Debian's packages as the balancer, with the project's own site template.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import { assert, runAsync } from './multi-node-helpers.mjs';

/** Starts the receiver on 127.0.0.1:`port`; `received` collects every delivery. */
export async function startReceiver(work, port) {
  const tls = { key: path.join(work, 'key.pem'), cert: path.join(work, 'cert.pem') };
  const ssl = spawnSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-subj', '/CN=127.0.0.1', '-addext', 'subjectAltName=IP:127.0.0.1', '-keyout', tls.key, '-out', tls.cert]);
  if (ssl.status !== 0) throw new Error('openssl could not make a certificate');
  const received = [];
  const server = https.createServer({ key: readFileSync(tls.key), cert: readFileSync(tls.cert) }, (req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      received.push({ deliveryId: req.headers['spoke-delivery-id'], eventId: req.headers['spoke-event-id'], json: JSON.parse(body) });
      res.writeHead(200).end('ok');
    });
  });
  await new Promise((r) => server.listen(port, '127.0.0.1', r));
  return { server, received, cert: tls.cert };
}

/** Starts nginx (`bin`) in `work`, listening on 127.0.0.1:`listen` before the two nodes' ports. */
export function startNginx(bin, work, listen, nodePorts) {
  const site = readFileSync('deploy/nginx/spoke.conf.template', 'utf8')
    .replaceAll('${SPOKE_NODE_1}', `127.0.0.1:${nodePorts[0]}`)
    .replaceAll('${SPOKE_NODE_2}', `127.0.0.1:${nodePorts[1]}`)
    .replaceAll('${SPOKE_LISTEN}', `127.0.0.1:${listen}`);
  writeFileSync(path.join(work, 'spoke.conf'), site);
  const temp = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `  ${t}_temp_path ${work}/${t === 'client_body' ? 'body' : t};\n`).join('');
  writeFileSync(
    path.join(work, 'nginx.conf'),
    `worker_processes 1;\npid ${work}/nginx.pid;\nerror_log ${work}/nginx-error.log warn;\nevents { worker_connections 512; }\nhttp {\n  access_log off;\n${temp}  include ${work}/spoke.conf;\n}\n`,
  );
  const ng = spawnSync(bin, ['-c', path.join(work, 'nginx.conf'), '-p', work], { encoding: 'utf8' });
  if (ng.status !== 0) throw new Error(`nginx: ${ng.stderr}`);
}

/** `npm run db:migrate` twice at once on `databaseUrl`: both succeed, every migration is recorded once. `sql(text)`: one value from that database. */
export async function migrateTwice(databaseUrl, sql) {
  const [a, b] = await Promise.all([0, 1].map(() => runAsync('node_modules/.bin/tsx', ['scripts/db-migrate.ts'], { DATABASE_URL: databaseUrl })));
  assert(a.status === 0 && b.status === 0, `exit codes ${a.status}, ${b.status}: ${a.stderr} ${b.stderr}`);
  const journal = JSON.parse(readFileSync('db/migrations/meta/_journal.json', 'utf8')).entries.length;
  const applied = sql('select count(*), count(distinct hash) from drizzle.__drizzle_migrations');
  assert(applied === `${journal}|${journal}`, `migrations recorded ${applied}, journal has ${journal}`);
  const tables = sql("select count(*) from information_schema.tables where table_schema = 'public'");
  assert(Number(tables) > 5, `public tables: ${tables}`);
}
