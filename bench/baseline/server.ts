import http from 'node:http';
import { and, eq, sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/postgres-js';
import postgres from 'postgres';
import { COUNT_EXACT_UP_TO, COUNT_TTL_MS, listQuerySQL, listValues, offerListQueries } from '@/db/repositories/offers-list';
import { dataColumns } from '@/db/repositories/offers-write';
import { offerRecordColumns, tenantWhere } from '@/db/repositories/offers';
import * as schema from '@/db/schema';
import { offerAccessories, offerHistory, offers } from '@/db/schema';
import { DEMO } from '@/db/seed';
import type { Tenant } from '@/lib/auth/authenticate';
import { listOffersQuerySchema } from '@/lib/offers/schemas';
import { listFilters } from '@/lib/offers/read-offers';
import { CREATE_BODY } from '../scenarios';

// The baseline of the bench: bare node:http + postgres.js, no framework, no validation, no auth,
// no Drizzle at request time. It runs the SQL Spoke runs — the text is taken once, at start, from
// Spoke's own query builders (.toSQL()) — as prepared statements, and answers the rows as JSON.
// Whatever Spoke spends above this per request is framework, ORM and our own code.
//
//   DATABASE_URL=… PORT=3201 npx tsx bench/baseline/server.ts

const url = process.env.DATABASE_URL;
if (!url) throw new Error('DATABASE_URL is required');
const port = Number(process.env.PORT ?? 3201);
const client = postgres(url, { max: Number(process.env.DATABASE_POOL_SIZE ?? 10), onnotice: () => {} });
// List queries get a plan for their actual values every time, as Spoke's unnamed statements do: a
// prepared statement's generic plan (PostgreSQL's choice after five runs) can be far worse for
// filters and sorts (measured: 36 instead of ~260 req/s for the filtered list).
const listClient = postgres(url, {
  max: Number(process.env.DATABASE_POOL_SIZE ?? 10),
  onnotice: () => {},
  connection: { plan_cache_mode: 'force_custom_plan' },
});
const db = drizzle({ client, schema, casing: 'snake_case' });
const tenant: Tenant = { dealerId: DEMO.dealerA.id, environment: 'sandbox' };

type Compiled = { sql: string; params: unknown[] };
const ID = '00000000-0000-4000-8000-00000000dead';
const EXT = '__ext__';
const NAME = '__name__';
const EMAIL = '__email__';
const sub = (c: Compiled, values: Record<string, unknown>) => c.params.map((p) => (typeof p === 'string' && p in values ? values[p] : p));
const run = (s: Pick<postgres.Sql, 'unsafe'>, c: Compiled, values: Record<string, unknown> = {}) =>
  s.unsafe(c.sql, sub(c, values) as postgres.ParameterOrJSON<never>[], { prepare: true });

// GET one offer: findOffer's query.
const getQuery: Compiled = db.select(offerRecordColumns).from(offers).where(and(tenantWhere(tenant), eq(offers.id, ID))).limit(1).toSQL();

// POST: insertOffer, insertAccessories, insertHistory, findOffer — in one transaction.
const body = CREATE_BODY;
const data = { ...body, product: body.product, accessory: body.accessory };
const insertQuery: Compiled = db
  .insert(offers)
  .values({
    dealerId: tenant.dealerId,
    environment: tenant.environment,
    externalOfferId: EXT,
    customerName: NAME,
    customerEmail: EMAIL,
    ...dataColumns(data),
    status: 'pending',
    statusInfos: [],
    processAfter: sql`now()`,
  })
  .returning({ id: offers.id })
  .toSQL();
const accessoriesQuery: Compiled = db
  .insert(offerAccessories)
  .values(
    body.accessory.map((a, position) => ({
      offerId: ID,
      position,
      bidexCode: a.bidexCode,
      brandName: a.brandName,
      modelName: a.modelName,
      priceGross: String(a.priceGross),
      listPriceGross: String(a.listPriceGross),
    })),
  )
  .toSQL();
const historyQuery: Compiled = db
  .insert(offerHistory)
  .values({ offerId: ID, actorType: 'client', actorId: 'demo-sandbox', actorName: null, action: 'created', fromStatus: null, toStatus: 'pending', changeSeq: 1, changes: [] })
  .toSQL();

// GET list: Spoke's list queries, compiled once per distinct query string, run by Spoke's rule:
// a short page tells its total; otherwise a count capped at COUNT_EXACT_UP_TO + 1, and above that
// an exact count kept for COUNT_TTL_MS; any count is reused while the page reports its snapshot.
type ListCompiled = { rows: Compiled; count: Compiled; cappedCount: Compiled; limit: number; offset: number; known?: { total: number; at: number; snapshot: string } };
const listCache = new Map<string, ListCompiled>();
function listQueries(search: string) {
  let c = listCache.get(search);
  if (!c) {
    const q = listOffersQuerySchema.parse(Object.fromEntries(new URLSearchParams(search)));
    const values = listValues(tenant, { ...listFilters(q), sortBy: q.sortBy, order: q.order, limit: q.perPage, offset: (q.page - 1) * q.perPage });
    const built = offerListQueries(db, q.sortBy, q.order, values);
    c = { rows: listQuerySQL(built.rows, values), count: listQuerySQL(built.count, values), cappedCount: listQuerySQL(built.cappedCount, values), limit: q.perPage, offset: (q.page - 1) * q.perPage };
    listCache.set(search, c);
  }
  return c;
}
async function countOf(c: ListCompiled, seen: unknown): Promise<number> {
  const known = c.known;
  if (known && (known.snapshot === seen || (known.total > COUNT_EXACT_UP_TO && Date.now() - known.at < COUNT_TTL_MS))) return known.total;
  let [counted] = await run(listClient, c.cappedCount);
  if ((counted?.total as number) > COUNT_EXACT_UP_TO) [counted] = await run(listClient, c.count);
  c.known = { total: counted?.total as number, at: Date.now(), snapshot: counted?.snapshot as string };
  return c.known.total;
}

const CONSTANT = JSON.stringify({ data: { ok: true, service: 'spoke' }, meta: {} });
const UUID = /^\/v1\/offers\/([0-9a-f-]{36})$/;

function send(res: http.ServerResponse, status: number, payload: string) {
  res.writeHead(status, { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': Buffer.byteLength(payload) });
  res.end(payload);
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

async function handle(req: http.IncomingMessage, res: http.ServerResponse) {
  const [path, search = ''] = (req.url ?? '/').split('?');
  if (path === '/constant') return send(res, 200, CONSTANT);
  if (req.method === 'GET' && path === '/v1/offers') {
    const c = listQueries(search);
    const rows = await run(listClient, c.rows);
    const seen = rows[0]?.snapshot;
    for (const row of rows) delete row.snapshot;
    const total = rows.length > 0 && rows.length < c.limit ? c.offset + rows.length : rows.length === 0 && c.offset === 0 ? 0 : await countOf(c, seen);
    return send(res, 200, JSON.stringify({ data: rows, meta: { totalCount: total } }));
  }
  const id = UUID.exec(path ?? '')?.[1];
  if (req.method === 'GET' && id) {
    const [row] = await run(client, getQuery, { [ID]: id });
    return row ? send(res, 200, JSON.stringify({ data: row, meta: {} })) : send(res, 404, '{"errors":[{"code":"NOT_FOUND"}]}');
  }
  if (req.method === 'POST' && path === '/v1/offers') {
    const input = JSON.parse(await readBody(req)) as typeof CREATE_BODY;
    const row = await client.begin(async (tx) => {
      const [created] = await run(tx, insertQuery, { [EXT]: input.externalOfferId, [NAME]: input.customerName, [EMAIL]: input.customerEmail });
      const values = { [ID]: created!.id };
      await run(tx, accessoriesQuery, values);
      await run(tx, historyQuery, values);
      const [offer] = await run(tx, getQuery, values);
      return offer;
    });
    return send(res, 202, JSON.stringify({ data: row, meta: {} }));
  }
  send(res, 404, '{"errors":[{"code":"NOT_FOUND"}]}');
}

http
  .createServer((req, res) => {
    handle(req, res).catch((err: unknown) => {
      console.error(err);
      if (!res.headersSent) send(res, 500, '{"errors":[{"code":"INTERNAL_SERVER_ERROR"}]}');
    });
  })
  .listen(port, '127.0.0.1', () => console.log(`baseline listening on http://127.0.0.1:${port}`));
