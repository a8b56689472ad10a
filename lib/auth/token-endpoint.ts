import 'server-only';
import { getDb } from '@/lib/database';
import { findApiClient, rehashApiClientSecret } from '@/db/repositories/api-clients';
import { readLimitedText } from '@/lib/api/body';
import { clientAddress } from '@/lib/api/client-address';
import { isStorableText } from '@/lib/api/validation';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { recordToken } from '@/lib/ops/metrics';
import { consume, createLimiter, isBlocked } from '@/lib/rate-limit';
import { OAUTH_ERRORS, type OAuthError } from './oauth-errors';
import { isScope, type Scope } from './scopes';
import { dummyClientSecretHash, verifyClientSecret } from './client-secret';
import { issueAccessToken } from './tokens';

// POST /oauth/token: the client credentials grant of RFC 6749 §4.4, errors as §5.2.

// Each error's status is the one OAUTH_ERRORS names (the document and /docs/errors list them).

const NO_STORE = { 'Cache-Control': 'no-store', Pragma: 'no-cache' };
const MAX_BODY = 8 * 1024;

function oauthError(error: OAuthError, description: string, status: number = OAUTH_ERRORS[error], headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify({ error, error_description: description }), {
    status,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE, ...headers },
  });
}

// Failed client authentications, per (client id, address) and per address. Not per client id alone:
// whoever knows an id could then lock its owner out. Guessing stays hopeless — a client secret is a
// long random string, and every address has 50 tries per 15 minutes.
const failuresPerClient = createLimiter({ keyPrefix: 'rl:auth-fail:client-addr', points: 10, duration: 15 * 60 });
const failuresPerAddress = createLimiter({ keyPrefix: 'rl:auth-fail:addr', points: 50, duration: 15 * 60 });
const requestsPerAddress = createLimiter({ keyPrefix: 'rl:token:addr', points: Math.max(60, env.rateLimitPerMinute), duration: 60 });

type Credentials = { clientId: string; secret: string; viaBasic: boolean };

function basicCredentials(header: string | null): Credentials | null | 'malformed' {
  if (!header) return null;
  const match = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim());
  if (!match?.[1]) return 'malformed';
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    // RFC 6749 §2.3.1: both parts are form-urlencoded before Basic encoding.
    const decode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: decode(decoded.slice(0, colon)), secret: decode(decoded.slice(colon + 1)), viaBasic: true };
  } catch {
    return 'malformed';
  }
}

export async function handleTokenRequest(req: Request): Promise<Response> {
  const type = req.headers.get('content-type') ?? '';
  if (!/^application\/x-www-form-urlencoded\s*(;|$)/i.test(type)) {
    return oauthError('invalid_request', 'The body must be application/x-www-form-urlencoded.');
  }
  const address = clientAddress(req);
  const rate = await consume(requestsPerAddress, address);
  if (!rate.allowed) return oauthError('slow_down', 'Too many token requests.', 429, { 'Retry-After': String(rate.resetSeconds) });

  // Read at most MAX_BODY bytes, whatever Content-Length says or the stream brings.
  const raw = await readLimitedText(req, MAX_BODY);
  if (raw === undefined) return oauthError('invalid_request', 'The body is larger than 8 KiB.');
  const form = new URLSearchParams(raw);
  const repeated = [...new Set([...form.keys()].filter((k, i, all) => all.indexOf(k) !== i))];
  if (repeated.length > 0) return oauthError('invalid_request', `Parameter repeated: ${repeated.join(', ')}.`);

  const grantType = form.get('grant_type');
  if (!grantType) return oauthError('invalid_request', 'grant_type is required.');
  if (grantType !== 'client_credentials') {
    return oauthError('unsupported_grant_type', 'Only the client_credentials grant is supported.');
  }

  const basic = basicCredentials(req.headers.get('authorization'));
  if (basic === 'malformed') return oauthError('invalid_request', 'The Authorization header is malformed.');
  const formId = form.get('client_id');
  const formSecret = form.get('client_secret');
  if (basic && formSecret !== null) {
    return oauthError('invalid_request', 'Use one client authentication method, not HTTP Basic and form fields together.');
  }
  const creds: Credentials | null = basic ?? (formId && formSecret !== null ? { clientId: formId, secret: formSecret, viaBasic: false } : null);
  const challenge = { 'WWW-Authenticate': 'Basic realm="spoke", charset="UTF-8"' };
  // Half of the form's credentials names the other half, so the client knows what to add.
  const missing = formId && formSecret === null ? 'client_secret is missing' : !formId && formSecret !== null ? 'client_id is missing' : undefined;
  if (!creds) return oauthError('invalid_client', `Client authentication is required${missing ? `: ${missing} (send client_id and client_secret as form fields, or both with HTTP Basic)` : ''}.`, 401, challenge);
  if (basic && formId !== null && formId !== basic.clientId) {
    return oauthError('invalid_request', 'client_id does not match the authenticated client.');
  }

  const clientKey = `${creds.clientId}\u0000${address}`;
  const blocked = (await isBlocked(failuresPerClient, clientKey)) ?? (await isBlocked(failuresPerAddress, address));
  if (blocked) {
    return oauthError('slow_down', 'Too many failed attempts. Try again later.', 429, { 'Retry-After': String(blocked.resetSeconds) });
  }

  // A client id PostgreSQL cannot even compare (U+0000, found by fuzzing: a 500) names no client.
  const client = isStorableText(creds.clientId) ? await findApiClient(getDb(), creds.clientId) : undefined;
  const { ok: valid, rehash } = await verifyClientSecret(creds.secret, client?.secretHash ?? dummyClientSecretHash());
  if (!client || !valid || client.disabledAt) {
    await Promise.all([consume(failuresPerClient, clientKey), consume(failuresPerAddress, address)]);
    // The id only when it names a client: an unknown one is whatever the caller typed (request data).
    logger.warn({ clientId: client?.clientId ?? '(unknown)', address }, 'token request: client authentication failed');
    recordToken('client_failed');
    return oauthError('invalid_client', 'Client authentication failed.', 401, challenge);
  }

  // A secret still stored in the old slow form: stored in the current one now (one UPDATE).
  if (rehash) {
    await rehashApiClientSecret(getDb(), client.clientId, client.secretHash, rehash).catch((err: unknown) =>
      logger.warn({ err, clientId: client.clientId }, 'token request: client secret not rehashed'),
    );
  }

  const requested = form.get('scope')?.split(' ').filter(Boolean);
  let scopes: Scope[] = client.scopes.filter(isScope);
  if (requested && requested.length > 0) {
    const refused = requested.filter((s) => !isScope(s) || !scopes.includes(s));
    if (refused.length > 0) return oauthError('invalid_scope', `Scope not granted to this client: ${refused.join(' ')}.`);
    scopes = scopes.filter((s) => requested.includes(s));
  }

  const { token, expiresIn } = await issueAccessToken({
    clientId: client.clientId,
    dealerId: client.dealerId,
    environment: client.environment,
    scopes,
  });
  recordToken({ environment: client.environment });
  return new Response(JSON.stringify({ access_token: token, token_type: 'Bearer', expires_in: expiresIn, scope: scopes.join(' ') }), {
    status: 200,
    headers: { 'Content-Type': 'application/json; charset=utf-8', ...NO_STORE },
  });
}
