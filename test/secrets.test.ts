import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb, rowsOf } from '@/db/client';
import { apiClients, portalUsers } from '@/db/schema';
import { DEMO, DEMO_CLIENTS } from '@/db/seed';
import { createClient, rotateClientSecret } from '@/lib/auth/manage-clients';
import { hashSecret, verifySecret } from '@/lib/auth/secret-hash';
import { api } from './helpers/api';
import { newClient, tokenFor } from './helpers/auth';

// Client secrets and portal passwords are stored only as scrypt hashes: not one table of the
// database holds a secret in plain text (or in an obvious encoding of it).

const SCRYPT_HASH = /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/;

/** Every row of every table of the public schema, as JSON text. */
async function wholeDatabaseText(): Promise<{ table: string; text: string }[]> {
  const tables = rowsOf<{ name: string }>(
    await getDb().execute(sql`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`),
  ).map((r) => r.name);
  expect(tables).toEqual(expect.arrayContaining(['api_clients', 'portal_users', 'signing_keys', 'offers']));
  const out: { table: string; text: string }[] = [];
  for (const table of tables) {
    const rows = rowsOf<{ row: unknown }>(await getDb().execute(sql`select row_to_json(t)::text as row from ${sql.identifier(table)} t`));
    out.push({ table, text: rows.map((r) => String(r.row)).join('\n') });
  }
  return out;
}

function encodings(secret: string): string[] {
  const buf = Buffer.from(secret);
  return [secret, buf.toString('base64'), buf.toString('base64url'), buf.toString('hex')];
}

async function expectNowhereInDatabase(secrets: string[]) {
  const dump = await wholeDatabaseText();
  for (const secret of secrets) {
    for (const form of encodings(secret)) {
      const found = dump.filter((t) => t.text.includes(form)).map((t) => t.table);
      expect(found, `"${form}" (for ${secret}) found in ${found.join(', ')}`).toEqual([]);
    }
  }
}

describe('no plaintext secret in the database', () => {
  it('the demo data holds neither the client secrets nor the portal password', async () => {
    const secrets = [...DEMO_CLIENTS.map((c) => c.secret), DEMO.password];
    expect(secrets).toEqual(expect.arrayContaining(['demo-sandbox-secret', 'demo-readonly-secret', 'demo-production-secret', 'other-sandbox-secret', 'demo1234']));
    await expectNowhereInDatabase(secrets);
  });

  it('api_clients and portal_users hold scrypt hashes, each with its own salt', async () => {
    const clients = await getDb().select().from(apiClients);
    const users = await getDb().select().from(portalUsers);
    expect(clients.length).toBeGreaterThanOrEqual(4);
    expect(users.length).toBeGreaterThanOrEqual(2);
    const hashes = [...clients.map((c) => c.secretHash), ...users.map((u) => u.passwordHash)];
    for (const hash of hashes) expect(hash).toMatch(SCRYPT_HASH);
    // Two users with the same password ("demo1234") still have different hashes.
    expect(new Set(hashes).size).toBe(hashes.length);
    const salts = hashes.map((h) => h.split('$')[4]);
    expect(new Set(salts).size).toBe(salts.length);
  });

  it('every stored hash verifies its demo secret, and only that', async () => {
    for (const c of DEMO_CLIENTS) {
      const [row] = await getDb().select().from(apiClients).where(eq(apiClients.clientId, c.clientId));
      expect(await verifySecret(c.secret, row!.secretHash)).toBe(true);
      const other = DEMO_CLIENTS.find((o) => o.clientId !== c.clientId)!;
      expect(await verifySecret(other.secret, row!.secretHash)).toBe(false);
    }
    for (const u of await getDb().select().from(portalUsers)) {
      expect(await verifySecret(DEMO.password, u.passwordHash)).toBe(true);
      expect(await verifySecret('demo12345', u.passwordHash)).toBe(false);
    }
  });

  it('secrets of clients created and rotated at run time are not stored either, nor after they were used', async () => {
    const helperClient = await newClient(DEMO.dealerA.id);
    const created = await createClient(getDb(), { dealer: DEMO.dealerA.id, environment: 'sandbox' });
    await tokenFor(created.clientId, created.secret);
    const rotated = await rotateClientSecret(getDb(), created.clientId);
    await tokenFor(created.clientId, rotated.secret);
    // A failed attempt must not leave the guessed secret behind either.
    const guess = `guess-${created.secret}`;
    const failed = await api.post('/oauth/token', {
      raw: new URLSearchParams({ grant_type: 'client_credentials', client_id: created.clientId, client_secret: guess }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(failed.status).toBe(401);
    await expectNowhereInDatabase([helperClient.secret, created.secret, rotated.secret, guess]);
    const [row] = await getDb().select().from(apiClients).where(eq(apiClients.clientId, created.clientId));
    expect(row!.secretHash).toMatch(SCRYPT_HASH);
  });
});

describe('hashSecret and verifySecret', () => {
  it('hashes with scrypt and a random salt', async () => {
    const a = await hashSecret('correct horse battery staple');
    const b = await hashSecret('correct horse battery staple');
    expect(a).toMatch(SCRYPT_HASH);
    expect(b).toMatch(SCRYPT_HASH);
    expect(a).not.toBe(b);
    expect(a).not.toContain('correct horse');
  });

  it('verifies the right secret and nothing else', async () => {
    const stored = await hashSecret('s3cret-Ünïcode ✓');
    expect(await verifySecret('s3cret-Ünïcode ✓', stored)).toBe(true);
    for (const wrong of ['', 's3cret-Ünïcode', 's3cret-Ünïcode ✓ ', 'S3cret-Ünïcode ✓', 's3cret-Unicode ✓', stored]) {
      expect(await verifySecret(wrong, stored), JSON.stringify(wrong)).toBe(false);
    }
    expect(await verifySecret('', await hashSecret(''))).toBe(true);
  });

  it('answers false, never throws, for a stored value that is not a usable scrypt hash', async () => {
    const good = await hashSecret('abc');
    const [, , , , salt, hash] = good.split('$');
    const malformed = [
      '',
      'abc', // a plaintext secret that somehow got stored
      `argon2id$v=19$m=65536,t=3,p=4$${salt}$${hash}`,
      `scrypt$abc$8$1$${salt}$${hash}`, // N not a number
      `scrypt$3$8$1$${salt}$${hash}`, // N not a power of two
      `scrypt$1073741824$8$1$${salt}$${hash}`, // over the memory limit
      `scrypt$16384$8$1$${salt}$`,
      `scrypt$16384$8$1$${salt}$${hash!.slice(0, 2)}`, // truncated: a 1-byte hash would match 1 secret in 256
      `scrypt$16384$8$1$${salt}`,
    ];
    for (const stored of malformed) {
      await expect(verifySecret('abc', stored), stored).resolves.toBe(false);
    }
  });

  it('a corrupted hash in the database is a failed authentication (401), not a server error', async () => {
    const client = await newClient(DEMO.dealerA.id);
    await getDb().update(apiClients).set({ secretHash: 'scrypt$not-a-number$8$1$c2FsdHNhbHRzYWx0$aGFzaGhhc2hoYXNoaGFzaA' }).where(eq(apiClients.clientId, client.clientId));
    const res = await api.post('/oauth/token', {
      raw: new URLSearchParams({ grant_type: 'client_credentials', client_id: client.clientId, client_secret: client.secret }).toString(),
      headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '203.0.113.77' },
    });
    expect(res.status, res.text).toBe(401);
    expect(res.body.error).toBe('invalid_client');
  });
});
