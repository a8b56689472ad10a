import 'server-only';
import { randomUUID } from 'node:crypto';
import { SignJWT, errors, jwtVerify, type JWTPayload } from 'jose';
import { env } from '@/lib/env';
import { ALG, keySet } from './signing-keys';
import { isScope, type Scope } from './scopes';

import type { Environment } from '@/lib/shared/model';

export type { Environment };

export type AccessTokenClaims = {
  clientId: string;
  dealerId: string;
  environment: Environment;
  scopes: Scope[];
};

export async function issueAccessToken(claims: AccessTokenClaims): Promise<{ token: string; expiresIn: number }> {
  const { signer } = await keySet();
  const now = Math.floor(Date.now() / 1000);
  const token = await new SignJWT({ scope: claims.scopes.join(' '), dealer_id: claims.dealerId, environment: claims.environment })
    .setProtectedHeader({ alg: ALG, kid: signer.kid, typ: 'at+jwt' })
    .setIssuer(env.tokenIssuer)
    .setAudience(env.tokenAudience)
    .setSubject(claims.clientId)
    .setIssuedAt(now)
    .setNotBefore(now)
    .setExpirationTime(now + env.tokenTtlSeconds)
    .setJti(randomUUID())
    .sign(signer.key);
  return { token, expiresIn: env.tokenTtlSeconds };
}

let lastForcedRefresh = 0;

// A client sends the same token for up to an hour: its ES256 signature check (per-request work
// that can be done once, docs/performance.md) runs once per token and node. An
// entry counts only while the token has not expired and its key is still among the current
// verifiers, so a retired key stops its tokens as soon as this node's key set is refreshed, as
// before. Only tokens that verified are kept; the map is bounded.
const VERIFIED_MAX = 10_000;
const verified = new Map<string, { claims: AccessTokenClaims; exp: number; kid: string }>();

/** A token that was ours and good but whose lifetime has passed (its signature verified first). */
export const EXPIRED = 'expired' as const;

/**
 * Verifies signature (ES256 only), issuer, audience, expiry and not-before, and the claims Spoke
 * needs. Returns null for any invalid token, EXPIRED for one whose signature, issuer and audience
 * are good but whose `exp` has passed (the client fetches a new one); never throws for bad input.
 */
export async function verifyAccessToken(token: string): Promise<AccessTokenClaims | typeof EXPIRED | null> {
  const keys = await keySet(); // outside the try: a database outage is a 503, not an invalid token
  const known = verified.get(token);
  if (known) {
    if (Date.now() / 1000 < known.exp && keys.verifiers.has(known.kid)) return known.claims;
    verified.delete(token);
  }
  let payload: JWTPayload;
  let kid = '';
  try {
    ({ payload } = await jwtVerify(
      token,
      async (header) => {
        kid = header.kid ?? '';
        let key = (await keySet()).verifiers.get(kid);
        // An unknown kid may be a key rotated in by another node: reload, at most every 30 s.
        if (!key && Date.now() - lastForcedRefresh > 30_000) {
          lastForcedRefresh = Date.now();
          key = (await keySet({ refresh: true })).verifiers.get(kid);
        }
        if (!key) throw new Error('unknown key');
        return key;
      },
      {
        algorithms: [ALG],
        issuer: env.tokenIssuer,
        audience: env.tokenAudience,
        requiredClaims: ['sub', 'exp', 'iat', 'jti'],
        clockTolerance: 5,
      },
    ));
  } catch (err) {
    // jose checks the claims only after the signature: an expired token was one of ours.
    return err instanceof errors.JWTExpired ? EXPIRED : null;
  }
  const { sub, dealer_id: dealerId, environment, scope } = payload;
  if (typeof sub !== 'string' || typeof dealerId !== 'string' || typeof scope !== 'string') return null;
  if (environment !== 'sandbox' && environment !== 'production') return null;
  const claims: AccessTokenClaims = { clientId: sub, dealerId, environment, scopes: scope.split(' ').filter(isScope) };
  if (verified.size >= VERIFIED_MAX) verified.delete(verified.keys().next().value!);
  verified.set(token, { claims, exp: payload.exp!, kid });
  return claims;
}
