import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { isClientActive } from './client-status';
import type { Principal } from './principal';
import { sessionPrincipal } from './session';
import { EXPIRED, verifyAccessToken } from './tokens';

export type { Actor, ActorType, Tenant } from '@/lib/shared/model';
export type { Principal };

const CHALLENGE = 'Bearer realm="spoke", error="invalid_token"';

/** 401 with the bearer challenge (RFC 6750); `description` tells the client what to do about it. */
function unauthorized(details: string, description?: string): never {
  const challenge = description ? `${CHALLENGE}, error_description="${description}"` : CHALLENGE;
  throw new ApiError('UNAUTHORIZED', { details, headers: { 'WWW-Authenticate': challenge } });
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
  if (claims === EXPIRED) unauthorized('The access token has expired: request a new one.', 'The access token expired');
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
