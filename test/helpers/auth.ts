import { randomBytes } from 'node:crypto';
import { getDb } from '@/lib/database';
import { insertApiClient } from '@/db/repositories/api-clients';
import { dealers } from '@/db/schema';
import { SCOPES, type Scope } from '@/lib/auth/scopes';
import { hashClientSecret } from '@/lib/auth/client-secret';
import { api } from './api';

export async function tokenFor(clientId: string, secret: string, scope?: string): Promise<string> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: clientId, client_secret: secret });
  if (scope) form.set('scope', scope);
  const res = await api.post('/oauth/token', {
    raw: form.toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
  });
  if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${res.text}`);
  return res.body.access_token as string;
}

export const demoToken = () => tokenFor('demo-sandbox', 'demo-sandbox-secret');

export type TestDealer = { dealerId: string; clientId: string; secret: string; token: string };

/** A new dealer with one API client, so a test sees only its own offers. */
export async function newDealer(
  options: { environment?: 'sandbox' | 'production'; scopes?: readonly Scope[]; name?: string } = {},
): Promise<TestDealer> {
  const suffix = randomBytes(4).toString('hex');
  const [dealer] = await getDb()
    .insert(dealers)
    .values({ name: options.name ?? `Test dealer ${suffix}` })
    .returning({ id: dealers.id });
  const clientId = `test-${suffix}`;
  const secret = `secret-${suffix}`;
  await insertApiClient(getDb(), {
    clientId,
    dealerId: dealer!.id,
    environment: options.environment ?? 'sandbox',
    name: `Test client ${suffix}`,
    secretHash: hashClientSecret(secret),
    scopes: [...(options.scopes ?? SCOPES)],
  });
  return { dealerId: dealer!.id, clientId, secret, token: await tokenFor(clientId, secret) };
}

/** A second client of an existing dealer (another environment or other scopes). */
export async function newClient(
  dealerId: string,
  options: { environment?: 'sandbox' | 'production'; scopes?: readonly Scope[] } = {},
): Promise<TestDealer> {
  const suffix = randomBytes(4).toString('hex');
  const clientId = `test-${suffix}`;
  const secret = `secret-${suffix}`;
  await insertApiClient(getDb(), {
    clientId,
    dealerId,
    environment: options.environment ?? 'sandbox',
    name: `Test client ${suffix}`,
    secretHash: hashClientSecret(secret),
    scopes: [...(options.scopes ?? SCOPES)],
  });
  return { dealerId, clientId, secret, token: await tokenFor(clientId, secret) };
}
