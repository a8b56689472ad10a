import 'server-only';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, importPKCS8, type CryptoKey, type JWK } from 'jose';
import { getDb } from '@/lib/database';
import { insertSigningKey, listLiveSigningKeys } from '@/db/repositories/signing-keys';
import { env } from '@/lib/env';

// ES256 keys that sign access tokens. From TOKEN_SIGNING_KEY (PKCS#8 PEM) when configured,
// else generated once and stored in the database. Every key not retired is published, so a
// rotation (a new active key) keeps the old key's tokens valid until they expire.

export const ALG = 'ES256';

export type KeySet = {
  signer: { kid: string; key: CryptoKey };
  verifiers: Map<string, CryptoKey>;
  jwks: { keys: JWK[] };
};

const REFRESH_MS = 5 * 60_000;
let cached: { set: KeySet; loadedAt: number } | undefined;
let loading: Promise<KeySet> | undefined;

async function publicJwkOf(jwk: JWK): Promise<JWK> {
  const { kty, crv, x, y } = jwk;
  const pub = { kty, crv, x, y } as JWK;
  return { ...pub, kid: await calculateJwkThumbprint(pub), alg: ALG, use: 'sig' };
}

async function fromConfig(pem: string): Promise<KeySet> {
  const privateKey = await importPKCS8(pem.replace(/\\n/g, '\n'), ALG, { extractable: true });
  const pub = await publicJwkOf(await exportJWK(privateKey));
  const verify = (await importJWK(pub, ALG)) as CryptoKey;
  return { signer: { kid: pub.kid!, key: privateKey }, verifiers: new Map([[pub.kid!, verify]]), jwks: { keys: [pub] } };
}

/** Creates a new active signing key; the previous keys stay published until retired. */
export async function rotateSigningKey(): Promise<string> {
  const { privateKey } = await generateKeyPair(ALG, { extractable: true });
  const privateJwk = await exportJWK(privateKey);
  const publicJwk = await publicJwkOf(privateJwk);
  await insertSigningKey(getDb(), { kid: publicJwk.kid!, privateJwk, publicJwk });
  cached = undefined;
  return publicJwk.kid!;
}

async function fromDatabase(): Promise<KeySet> {
  const load = () => listLiveSigningKeys(getDb());
  let rows = await load();
  if (!rows.some((r) => r.active)) {
    await rotateSigningKey();
    rows = await load();
  }
  const active = rows.find((r) => r.active)!;
  const verifiers = new Map<string, CryptoKey>();
  for (const row of rows) verifiers.set(row.kid, (await importJWK(row.publicJwk as JWK, ALG)) as CryptoKey);
  return {
    signer: { kid: active.kid, key: (await importJWK(active.privateJwk as JWK, ALG)) as CryptoKey },
    verifiers,
    jwks: { keys: rows.map((r) => r.publicJwk as JWK) },
  };
}

/** The current key set, loaded once and refreshed every few minutes (or on demand for an unknown kid). */
export async function keySet(options: { refresh?: boolean } = {}): Promise<KeySet> {
  const fresh = cached && Date.now() - cached.loadedAt < REFRESH_MS && !options.refresh;
  if (fresh) return cached!.set;
  loading ??= (env.tokenSigningKey ? fromConfig(env.tokenSigningKey) : fromDatabase())
    .then((set) => {
      cached = { set, loadedAt: Date.now() };
      return set;
    })
    .finally(() => {
      loading = undefined;
    });
  return loading;
}
