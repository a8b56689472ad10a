import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { errorResponse } from '@/lib/api/with-api';
import { createLogger, safeError, statementName } from '@/lib/logger';
import { offers } from '@/db/schema';

// Issue 15, point 3: the log line of a failing request holds no bound values, SQL parameters,
// request bodies or customer data — only the error's kind and the statement's name.

function capture() {
  const lines: string[] = [];
  const log = createLogger({ write: (line: string) => void lines.push(line) }, 'info');
  return { log, text: () => lines.join('') };
}

const NAME = 'Erika Geheim-Mustermann';
const EMAIL = 'erika.geheim@example.com';

describe('logs hold no customer data', () => {
  it('a database error in a request: 500 envelope, the log names the statement, not its values', async () => {
    let caught: unknown;
    try {
      // A failing statement whose parameters and error message carry customer data.
      await getDb()
        .select({ id: offers.id })
        .from(offers)
        .where(sql`${offers.customerName} = ${NAME} and ${offers.id} = ${EMAIL}::uuid`);
    } catch (err) {
      caught = err;
    }
    expect(caught).toBeInstanceOf(Error);
    expect(JSON.stringify(caught, Object.getOwnPropertyNames(caught))).toContain(EMAIL); // the raw error does carry it

    const { log, text } = capture();
    const res = errorResponse(caught, 'en', log);
    expect(res.status).toBe(500);
    const line = text();
    expect(line).toContain('unhandled error');
    expect(line).toContain('select offers');
    expect(line).toContain('22P02'); // invalid_text_representation
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(NAME);
    expect(line).not.toContain('erika');
    expect(line.toLowerCase()).not.toContain('where');
    expect(await res.text()).not.toContain(EMAIL);
  });

  it('redacts request data under any of its usual keys', () => {
    const { log, text } = capture();
    log.warn({ email: EMAIL, body: { customerName: NAME }, req: { headers: { authorization: 'Bearer x', cookie: 'c' } }, x: { customerEmail: EMAIL, params: [NAME] } }, 'probe');
    expect(text()).not.toContain(EMAIL);
    expect(text()).not.toContain(NAME);
    expect(text()).not.toContain('Bearer x');
  });

  it('statement names and error summaries', () => {
    expect(statementName('insert into "offers" ("id", "customer_name") values ($1, $2)')).toBe('insert offers');
    expect(statementName('select "id" from "offer_history" where "offer_id" = $1')).toBe('select offer_history');
    const e = Object.assign(new Error('date/time field value out of range: "0000-01-01T00:00:00.000Z"'), { code: '22008', severity: 'ERROR' });
    expect(safeError(e)).toEqual({ type: 'Error', code: '22008', severity: 'ERROR', message: 'date/time field value out of range: …' });
  });
});
