import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { rowsOf } from '@/db/client';
import { getDb } from '@/lib/database';
import { apiClients, portalUsers } from '@/db/schema';
import { DEMO, DEMO_CLIENTS } from '@/db/seed';
import { createClient, rotateClientSecret } from '@/lib/auth/manage-clients';
import { hashClientSecret, verifyClientSecret } from '@/lib/auth/client-secret';
import { hashSecret, verifySecret } from '@/lib/auth/secret-hash';
import { api } from './helpers/api';
import { newClient, tokenFor } from './helpers/auth';

// Portal passwords are stored only as scrypt hashes, API client secrets (long random strings) as
// keyed HMAC-SHA-256 hashes: not one table of the database holds a secret in plain text (or in an
// obvious encoding of it).

const SCRYPT_HASH = /^scrypt\$16384\$8\$1\$[A-Za-z0-9_-]{22}\$[A-Za-z0-9_-]{43}$/;
const CLIENT_HASH = /^hmac-sha256\$[A-Za-z0-9_-]{8}\$[A-Za-z0-9_-]{43}$/;

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

  it('api_clients hold keyed hashes, portal_users scrypt hashes each with its own salt', async () => {
    const clients = await getDb().select().from(apiClients);
    const users = await getDb().select().from(portalUsers);
    expect(clients.length).toBeGreaterThanOrEqual(4);
    expect(users.length).toBeGreaterThanOrEqual(2);
    for (const c of clients) expect(c.secretHash).toMatch(CLIENT_HASH);
    expect(new Set(clients.map((c) => c.secretHash)).size).toBe(clients.length);
    const hashes = users.map((u) => u.passwordHash ?? '');
    for (const hash of hashes) expect(hash).toMatch(SCRYPT_HASH);
    // Two users with the same password ("demo1234") still have different hashes.
    expect(new Set(hashes).size).toBe(hashes.length);
    const salts = hashes.map((h) => h.split('$')[4]);
    expect(new Set(salts).size).toBe(salts.length);
  });

  it('every stored hash verifies its demo secret, and only that', async () => {
    for (const c of DEMO_CLIENTS) {
      const [row] = await getDb().select().from(apiClients).where(eq(apiClients.clientId, c.clientId));
      expect(await verifyClientSecret(c.secret, row!.secretHash)).toEqual({ ok: true });
      const other = DEMO_CLIENTS.find((o) => o.clientId !== c.clientId)!;
      expect(await verifyClientSecret(other.secret, row!.secretHash)).toEqual({ ok: false });
    }
    for (const u of await getDb().select().from(portalUsers)) {
      expect(await verifySecret(DEMO.password, u.passwordHash ?? '')).toBe(true);
      expect(await verifySecret('demo12345', u.passwordHash ?? '')).toBe(false);
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
    expect(row!.secretHash).toMatch(CLIENT_HASH);
  });
});

describe('client secrets: keyed fast hash, old scrypt hashes moved over on use', () => {
  const form = (clientId: string, secret: string) => ({
    raw: new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret }).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': '198.51.100.77' },
  });
  const storedHash = async (clientId: string) =>
    (await getDb().select({ h: apiClients.secretHash }).from(apiClients).where(eq(apiClients.clientId, clientId)))[0]!.h;

  it('a secret stored as scrypt: a wrong secret fails and changes nothing; the right one works and is rehashed in the same request', async () => {
    const client = await newClient(DEMO.dealerA.id);
    const legacy = await hashSecret(client.secret);
    await getDb().update(apiClients).set({ secretHash: legacy }).where(eq(apiClients.clientId, client.clientId));

    const wrong = await api.post('/oauth/token', form(client.clientId, `${client.secret}x`));
    expect(wrong.status).toBe(401);
    expect(await storedHash(client.clientId)).toBe(legacy);

    const right = await api.post('/oauth/token', form(client.clientId, client.secret));
    expect(right.status, right.text).toBe(200);
    const moved = await storedHash(client.clientId);
    expect(moved).toMatch(CLIENT_HASH);
    expect(moved).toBe(hashClientSecret(client.secret));

    // The new hash works, the wrong secret still fails, and nothing is rehashed again.
    expect((await api.post('/oauth/token', form(client.clientId, client.secret))).status).toBe(200);
    expect((await api.post('/oauth/token', form(client.clientId, 'wrong'))).status).toBe(401);
    expect(await storedHash(client.clientId)).toBe(moved);
  });

  it('a rotation between the check and the rehash wins: the rehash only replaces the hash it verified', async () => {
    const client = await newClient(DEMO.dealerA.id);
    const legacy = await hashSecret(client.secret);
    const { rehashApiClientSecret } = await import('@/db/repositories/api-clients');
    await getDb().update(apiClients).set({ secretHash: 'rotated-meanwhile' }).where(eq(apiClients.clientId, client.clientId));
    expect(await rehashApiClientSecret(getDb(), client.clientId, legacy, hashClientSecret(client.secret))).toBe(false);
    expect(await storedHash(client.clientId)).toBe('rotated-meanwhile');
  });

  it('verifyClientSecret: exact match only, compared in constant time over the whole MAC, malformed hashes refused', async () => {
    const secret = 'Zk3v9Qm1s8R2x7T4b6N0c5W1y2U8i3O9';
    const stored = hashClientSecret(secret);
    expect(stored).toMatch(CLIENT_HASH);
    // The same secret gives the same hash (no salt: the key is the server's, the secret random).
    expect(hashClientSecret(secret)).toBe(stored);
    expect(await verifyClientSecret(secret, stored)).toEqual({ ok: true });
    for (const wrong of ['', `${secret} `, secret.slice(0, -1), secret.toLowerCase(), `${secret}\u0000`]) {
      expect((await verifyClientSecret(wrong, stored)).ok, JSON.stringify(wrong)).toBe(false);
    }
    const [scheme, id, mac] = stored.split('$') as [string, string, string];
    for (const bad of [
      `${scheme}$${id}$${mac.slice(0, 10)}`, // truncated MAC: never a partial compare
      `${scheme}$${id}$`,
      `${scheme}$xxxxxxxx$${mac}`, // another key's id
      `sha256$${id}$${mac}`,
      `${stored}$extra`,
      '',
      'scrypt$1$1$1$x$y',
    ]) {
      expect((await verifyClientSecret(secret, bad)).ok, bad).toBe(false);
    }
    // The compare is node's timingSafeEqual over equal-length MACs (lib/auth/client-secret.ts):
    // a MAC differing in its first byte and one differing in its last are both refused.
    const flip = (i: number) => {
      const buf = Buffer.from(mac, 'base64url');
      buf[i] = buf[i]! ^ 1;
      return `${scheme}$${id}$${buf.toString('base64url')}`;
    };
    expect((await verifyClientSecret(secret, flip(0))).ok).toBe(false);
    expect((await verifyClientSecret(secret, flip(31))).ok).toBe(false);
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
