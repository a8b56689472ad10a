// npm run sqlmap — sqlmap against the started server on loopback (docs/reliability.md, docs/security.md).
//
//   1. build into .next-ops unless that build is of the current sources (scripts/lib/spoke-server.mjs)
//   2. a fresh PostgreSQL database (SQLMAP_DB, default spoke_sqlmap) with the demo data
//   3. `next start` on 127.0.0.1:SQLMAP_PORT (3240) with rate limits raised
//   4. a sandbox token of the demo client (demo-sandbox) and one offer whose data every list
//      filter below matches (so a true condition and a false one give different pages)
//   5. sqlmap in batch mode, with the Authorization header, on three targets:
//        list   GET /v1/offers — search, externalOfferId, email, status, sortBy, order and the four
//               date filters
//        read   GET /v1/offers/{id} — the path id (custom injection mark)
//        json   POST /v1/offers/validate — every value of the JSON body
//      at SQLMAP_LEVEL (5, the most payloads; also User-Agent, Referer and Host where no -p
//      restricts) and SQLMAP_RISK (3: also heavy time-based and OR-based payloads — the database is
//      a throwaway), --dbms=PostgreSQL, all techniques (BEUSTQ).
//   6. the outcome of each target from sqlmap's output, the number of requests and the statuses
//      of the answers from its traffic log; exit 1 if a target is injectable, sqlmap's verdict is
//      missing, or any answer was a 5xx.
//
// Needs sqlmap (Debian: apt-get install sqlmap) and PostgreSQL (SQLMAP_ADMIN_URL,
// postgres://postgres@127.0.0.1:5432/postgres). The JSON report is stdout's last line and goes to
// SQLMAP_REPORT if set.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buildIfNeeded, demoToken, freshDatabase, log as logAs, startServer } from './lib/spoke-server.mjs';

const cfg = {
  level: process.env.SQLMAP_LEVEL ?? '5',
  risk: process.env.SQLMAP_RISK ?? '3',
  threads: process.env.SQLMAP_THREADS ?? '4',
  port: Number(process.env.SQLMAP_PORT ?? 3240),
  adminUrl: process.env.SQLMAP_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  db: process.env.SQLMAP_DB ?? 'spoke_sqlmap',
  only: process.env.SQLMAP_TARGETS?.split(',').filter(Boolean),
};
const log = (...a) => logAs('sqlmap', ...a);
const work = fs.mkdtempSync(path.join(os.tmpdir(), 'spoke-sqlmap-'));

const OFFER = {
  externalOfferId: 'SQLMAP-1',
  customerName: 'Erika Mustermann',
  customerEmail: 'erika@example.com',
  product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu Hybrid', priceGross: 3499, listPriceGross: 3699 },
  accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit X-Plus', priceGross: 99.95 }],
  withShipping: true,
  shippingCostGross: 29.9,
  deliveryDate: '2027-03-01T10:00:00Z',
  notes: 'Probefahrt vereinbart.',
};

const LIST_PARAMS = {
  search: 'Cube',
  externalOfferId: 'SQLMAP-1',
  email: 'erika@example.com',
  status: 'pending',
  sortBy: 'createdAt',
  order: 'desc',
  creationDateFrom: '2020-01-01',
  creationDateTo: '2099-12-31',
  statusChangedDateFrom: '2020-01-01',
  statusChangedDateTo: '2099-12-31',
};

function sqlmap(name, args) {
  const traffic = path.join(work, `${name}.traffic`);
  const full = [
    ...args,
    '--batch',
    `--level=${cfg.level}`,
    `--risk=${cfg.risk}`,
    '--dbms=PostgreSQL',
    `--threads=${cfg.threads}`,
    '--flush-session',
    '--disable-coloring',
    '--timeout=30',
    `--output-dir=${path.join(work, 'out')}`,
    '-t',
    traffic,
  ];
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const child = spawn('sqlmap', full, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('error', (err) => reject(new Error(`sqlmap: ${err.message} (Debian: apt-get install sqlmap)`)));
    child.on('exit', (code) => {
      fs.writeFileSync(path.join(work, `${name}.log`), out);
      const trafficText = fs.existsSync(traffic) ? fs.readFileSync(traffic, 'utf8') : '';
      const statuses = {};
      for (const m of trafficText.matchAll(/^HTTP response \[#\d+\] \((\d{3})[^)]*\)/gm)) statuses[m[1]] = (statuses[m[1]] ?? 0) + 1;
      const requests = (trafficText.match(/^HTTP request \[#\d+\]/gm) ?? []).length;
      const injectable = /identified the following injection point|parameter '[^']+' is vulnerable|appears to be '[^']+' injectable/i.test(out);
      const clean = /all tested parameters do not appear to be injectable/i.test(out);
      const tested = [...new Set([...out.matchAll(/testing for SQL injection on (.*?)parameter '([^']+)'/g)].map((m) => `${m[1]}${m[2]}`.trim()))];
      resolve({
        name,
        exitCode: code,
        seconds: Math.round((Date.now() - started) / 1000),
        requests,
        statuses,
        testedParameters: tested,
        verdict: injectable ? 'INJECTABLE' : clean ? 'not injectable' : 'no verdict',
        log: path.join(work, `${name}.log`),
      });
    });
  });
}

async function main() {
  const startedAt = new Date().toISOString();
  buildIfNeeded('sqlmap');
  const database = await freshDatabase('sqlmap', cfg.adminUrl, cfg.db);
  const server = await startServer('sqlmap', { port: cfg.port, databaseUrl: database.url, logFile: path.join(work, 'server.log'), env: { PROCESSOR_INTERVAL_MS: '0' } });
  let ok = false;
  try {
    const token = await demoToken(server.base);
    const auth = `Authorization: Bearer ${token}`;
    const created = await fetch(`${server.base}/v1/offers`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify(OFFER),
    });
    if (created.status !== 202) throw new Error(`create: ${created.status} ${await created.text()}`);
    const id = (await created.json()).data.id;
    const list = await fetch(`${server.base}/v1/offers?${new URLSearchParams(LIST_PARAMS)}`, { headers: { authorization: `Bearer ${token}` } });
    const listed = (await list.json()).data;
    if (list.status !== 200 || listed.length !== 1) throw new Error(`the list query does not find the offer: ${list.status} ${JSON.stringify(listed)}`);

    const targets = {
      list: ['-u', `${server.base}/v1/offers?${new URLSearchParams(LIST_PARAMS)}`, '-p', Object.keys(LIST_PARAMS).join(','), '-H', auth],
      read: ['-u', `${server.base}/v1/offers/${id}*`, '-H', auth],
      json: ['-u', `${server.base}/v1/offers/validate`, '--method=POST', `--data=${JSON.stringify(OFFER)}`, '-H', auth, '-H', 'Content-Type: application/json'],
    };
    const results = [];
    for (const [name, args] of Object.entries(targets)) {
      if (cfg.only && !cfg.only.includes(name)) continue;
      log(`${name}: sqlmap --level=${cfg.level} --risk=${cfg.risk}…`);
      const r = await sqlmap(name, args);
      log(`${name}: ${r.verdict} — ${r.requests} requests in ${r.seconds} s, statuses ${JSON.stringify(r.statuses)}; parameters: ${r.testedParameters.join(', ')}`);
      results.push(r);
    }
    const problems = results.flatMap((r) => [
      ...(r.verdict !== 'not injectable' ? [`${r.name}: ${r.verdict} (see ${r.log})`] : []),
      ...Object.keys(r.statuses).filter((s) => s >= '500').map((s) => `${r.name}: ${r.statuses[s]} answers with status ${s}`),
    ]);
    ok = problems.length === 0;
    const report = { startedAt, sqlmap: 'sqlmap', level: Number(cfg.level), risk: Number(cfg.risk), dbms: 'PostgreSQL', results, ok, problems };
    if (process.env.SQLMAP_REPORT) fs.writeFileSync(process.env.SQLMAP_REPORT, `${JSON.stringify(report, null, 2)}\n`);
    console.log(JSON.stringify(report));
    log(ok ? 'no injection found' : `FAILED: ${problems.join('; ')}`);
  } finally {
    await server.stop();
    await database.drop().catch(() => {});
    if (ok) fs.rmSync(work, { recursive: true, force: true });
    else log(`logs in ${work}`);
  }
  process.exit(ok ? 0 : 1);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
