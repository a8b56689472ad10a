import 'server-only';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { verifySecret } from './secret-hash';

// API client secrets are machine-generated (generateSecret: 192 random bits), so a slow hash adds
// nothing against guessing and costs ~40 ms of CPU per token (docs/decisions.md, "Client secrets").
// They are stored as a keyed fast hash: "hmac-sha256$<key id>$<HMAC-SHA-256(key, secret)>", the
// key from CLIENT_SECRET_KEY (or derived from NEXTAUTH_SECRET). Portal passwords, chosen by people,
// stay scrypt (secret-hash.ts). A client secret still stored as scrypt (before this scheme) is
// verified as such once, and its hash replaced on that successful use (`rehash`).

const SCHEME = 'hmac-sha256';

let cachedKey: { source: string; key: Buffer; id: string } | undefined;

/** The server-side key (and its short id, which tells which key a stored hash was made with). */
function hashKey(): { key: Buffer; id: string } {
  const source = env.clientSecretKey;
  if (cachedKey?.source !== source) {
    // One derivation step, so the configured text is never used as the key itself.
    const key = createHmac('sha256', source).update('spoke client secret hash v1').digest();
    const id = createHmac('sha256', key).update('key id').digest('base64url').slice(0, 8);
    cachedKey = { source, key, id };
  }
  return cachedKey;
}

function mac(secret: string, key: Buffer): Buffer {
  return createHmac('sha256', key).update(secret, 'utf8').digest();
}

/** The stored form of a new client secret. */
export function hashClientSecret(secret: string): string {
  const { key, id } = hashKey();
  return `${SCHEME}$${id}$${mac(secret, key).toString('base64url')}`;
}

export function isLegacyClientSecretHash(stored: string): boolean {
  return stored.startsWith('scrypt$');
}

let warnedKey = false;

/**
 * Whether `secret` matches the stored hash (constant-time compare; never throws). A match of a hash
 * in the old scrypt form answers `rehash`: the new form to store in its place.
 */
export async function verifyClientSecret(secret: string, stored: string): Promise<{ ok: boolean; rehash?: string }> {
  if (isLegacyClientSecretHash(stored)) {
    const ok = await verifySecret(secret, stored);
    return ok ? { ok, rehash: hashClientSecret(secret) } : { ok };
  }
  const [scheme, id, hash, extra] = stored.split('$');
  if (scheme !== SCHEME || !id || !hash || extra !== undefined) return { ok: false };
  const { key, id: currentId } = hashKey();
  if (id !== currentId) {
    // Made with another key: CLIENT_SECRET_KEY (or NEXTAUTH_SECRET it derives from) was changed.
    if (!warnedKey) logger.warn('a client secret was hashed with another CLIENT_SECRET_KEY: it cannot be verified (docs/security.md)');
    warnedKey = true;
    return { ok: false };
  }
  const expected = Buffer.from(hash, 'base64url');
  const actual = mac(secret, key);
  if (expected.length !== actual.length) return { ok: false };
  return { ok: timingSafeEqual(actual, expected) };
}

/** A hash to compare against when the client id is unknown: the same work as for a known client. */
let dummy: string | undefined;
export function dummyClientSecretHash(): string {
  dummy ??= hashClientSecret('no client has this secret');
  return dummy;
}
