import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// docs/scaling.md: offers can be partitioned (or distributed) by dealer only while every query a
// tenant's request makes names its dealer and environment. This test records the SQL of every
// statement the database driver receives while the /v1 offer operations run — reads, lists with
// every filter and sort, search, history, create, update, cancel, validate — and fails on any
// statement over `offers` that does not filter (or, for an insert, write) both.

type Logged = { sql: string; params: unknown[] };
const logged: Logged[] = [];
let dealer: TestDealer;

beforeAll(async () => {
  // Drizzle logs every statement (transactions included: they share the session's options).
  const session = (getDb() as unknown as { session: { logger: unknown; options: { logger?: unknown } } }).session;
  const logger = { logQuery: (sql: string, params: unknown[]) => logged.push({ sql, params }) };
  session.logger = logger;
  session.options.logger = logger;
  dealer = await newDealer();
});

const touchesOffers = (sql: string) => /\b(from|update|into|join)\s+"offers"/i.test(sql);

// The one known exception, named in docs/scaling.md ("What would change"): the webhook outbox insert
// (db/repositories/webhooks.ts, outboxInsert) reads the changed offers by primary key, because the
// processor writes the events of several tenants in one statement. Partitioned by dealer, it has
// to carry dealer_id with each event. Anything else unscoped fails.
const KNOWN_EXCEPTIONS = [/insert into "webhook_deliveries" \(endpoint_id, event_id[\s\S]*join "offers" o on o\.id = v\.offer_id/];

const INSERTS_OFFER = /^\s*(?:with\s+"\w+"\s+as\s+\(\s*)?insert\s+into\s+"offers"/i;

function unscoped(statements: Logged[]): string[] {
  return statements
    .filter((s) => touchesOffers(s.sql))
    .filter((s) => !KNOWN_EXCEPTIONS.some((re) => re.test(s.sql)))
    .filter((s) => {
      // An insert — alone, or leading its statement as a CTE (a create: insertOffer) — writes both.
      if (INSERTS_OFFER.test(s.sql)) return !(/"dealer_id"/.test(s.sql) && /"environment"/.test(s.sql));
      return !(/"dealer_id"\s*=\s*\$\d+/.test(s.sql) && /"environment"\s*=\s*\$\d+/.test(s.sql));
    })
    .map((s) => s.sql);
}

describe('every offers query of a tenant is scoped by dealer and environment', () => {
  it('holds for the whole /v1 offers API', async () => {
    const token = dealer.token;
    logged.length = 0;
    const offer = await createOffer(token);
    const id = offer.id as string;
    expect((await api.get(`/v1/offers/${id}`, { token })).status).toBe(200);
    expect((await api.get(`/v1/offers/${id}/history`, { token })).status).toBe(200);
    const lists: Array<Record<string, string>> = [
      {},
      { search: 'Mustermann' },
      { status: 'pending' },
      { externalOfferId: offer.externalOfferId },
      { email: 'erika@example.com' },
      { creationDateFrom: '2020-01-01T00:00:00Z', creationDateTo: '2099-01-01T00:00:00Z' },
      { statusChangedDateFrom: '2020-01-01T00:00:00Z' },
      ...['creationDate', 'statusChangedDate', 'offerNumber', 'totalPriceGross', 'customerName'].flatMap((sortBy) => [
        { sortBy, order: 'asc' } as Record<string, string>,
        { sortBy, order: 'desc', search: 'Cube' },
      ]),
    ];
    for (const query of lists) {
      const res = await api.get('/v1/offers', { token, query });
      expect([200, 400], JSON.stringify(query)).toContain(res.status);
    }
    expect((await api.post('/v1/offers/validate', { token, body: { externalOfferId: 'x' } })).status).toBeLessThan(500);
    await api.patch(`/v1/offers/${id}`, { token, body: { notes: 'Changed.' } });
    expect((await api.post(`/v1/offers/${id}/cancel`, { token, query: { cancelReason: 'other' } })).status).toBe(200);
    expect((await api.get(`/v1/offers/${id}`, { token, headers: { accept: 'application/pdf' } })).status).toBeLessThan(500);

    const offersStatements = logged.filter((s) => touchesOffers(s.sql));
    // The recording works: the create, the reads, the lists and the update all reached the driver.
    const count = (re: RegExp) => offersStatements.filter((s) => re.test(s.sql)).length;
    expect(count(INSERTS_OFFER)).toBe(1);
    expect(count(/update\s+"offers"/i)).toBeGreaterThan(0);
    expect(offersStatements.length).toBeGreaterThan(lists.length);
    expect(unscoped(logged)).toEqual([]);
  });

  it('would catch an unscoped query', () => {
    expect(unscoped([{ sql: 'select "id" from "offers" where "offers"."id" = $1', params: [] }])).toHaveLength(1);
    expect(unscoped([{ sql: 'select "id" from "offers" where "offers"."dealer_id" = $1 and "offers"."id" = $2', params: [] }])).toHaveLength(1);
    expect(unscoped([{ sql: 'select 1 from "offers" where "offers"."dealer_id" = $1 and "offers"."environment" = $2', params: [] }])).toHaveLength(0);
    expect(unscoped([{ sql: 'with "new_offer" as (insert into "offers" ("id", "external_offer_id") values ($1, $2) returning "id") select "id" from "new_offer"', params: [] }])).toHaveLength(1);
    expect(unscoped([{ sql: 'with "new_offer" as (insert into "offers" ("id", "dealer_id", "environment") values ($1, $2, $3) returning "id") select "id" from "new_offer"', params: [] }])).toHaveLength(0);
  });
});
