import { ApiError } from '@/lib/api/errors';
import { isClientActive } from './client-status';
import type { Scope } from './scopes';
import { sessionPrincipal } from './session';
import { verifyAccessToken, type Environment } from './tokens';

export type ActorType = 'client' | 'user' | 'operator' | 'system';
export type Actor = { type: ActorType; id: string; name?: string };

/** Whose data a request may touch: one dealer in one environment. */
export type Tenant = { dealerId: string; environment: Environment };

export type Principal = Tenant & {
  scopes: Scope[];
  actor: Actor;
  /** The key that rate limits count against. */
  rateKey: string;
};

const CHALLENGE = 'Bearer realm="spoke", error="invalid_token"';

function unauthorized(details: string): never {
  throw new ApiError('UNAUTHORIZED', { details, headers: { 'WWW-Authenticate': CHALLENGE } });
}

/** Resolves the caller of a `/v1` request or throws 401. */
export async function authenticate(req: Request): Promise<Principal> {
  const header = req.headers.get('authorization');
  if (!header) {
    const session = await sessionPrincipal(req);
    if (session) return session;
    throw new ApiError('UNAUTHORIZED', {
      details: 'Send an access token: Authorization: Bearer <token>.',
      headers: { 'WWW-Authenticate': 'Bearer realm="spoke"' },
    });
  }
  const match = /^Bearer\s+([A-Za-z0-9\-._~+/]+=*)$/i.exec(header.trim());
  if (!match?.[1]) unauthorized('The Authorization header is not a bearer token.');
  const claims = await verifyAccessToken(match[1]);
  if (!claims) unauthorized('The access token is invalid or expired.');
  if (!(await isClientActive(claims.clientId, claims.dealerId, claims.environment))) {
    unauthorized('The API client is disabled.');
  }
  return {
    dealerId: claims.dealerId,
    environment: claims.environment,
    scopes: claims.scopes,
    actor: { type: 'client', id: claims.clientId },
    rateKey: `client:${claims.clientId}`,
  };
}
