import 'server-only';
import { randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import { disableApiClient, findApiClient, insertApiClient, listApiClients, setApiClientSecret } from '@/db/repositories/api-clients';
import { enableDealerProduction, findDealersByRef } from '@/db/repositories/dealers';
import { forgetClientStatus } from './client-status';
import { isScope, SCOPES, type Scope } from './scopes';
import { hashClientSecret } from './client-secret';
import { generateSecret } from './secret-hash';
import type { Environment } from './tokens';
import { UUID_PATTERN } from '@/lib/shared/validation';

// Managing partner API clients: the operator CLI (scripts/clients.ts) and the operator console
// share these. A new secret is returned exactly once, to be shown once; only its hash is stored.

export class ClientManagementError extends Error {
  override readonly name = 'ClientManagementError';
}

export type DealerRef = { id: string; name: string; productionEnabledAt: Date | null };


/** A dealer by id, or by its exact name (case-insensitive); an error names what was not found. */
export async function resolveDealer(db: Executor, ref: string): Promise<DealerRef> {
  const value = ref.trim();
  if (!value) throw new ClientManagementError('Name a dealer by id or name.');
  const rows = await findDealersByRef(db, UUID_PATTERN.test(value) ? { id: value } : { name: value });
  if (rows.length === 0) throw new ClientManagementError(`No dealer "${value}".`);
  if (rows.length > 1) {
    throw new ClientManagementError(`Several dealers are named "${value}"; use the id: ${rows.map((r) => r.id).join(', ')}.`);
  }
  return rows[0]!;
}

/** "offers:read offers:write" (spaces or commas) → checked, de-duplicated scopes; empty → all. */
export function parseScopes(value: string | readonly string[] | undefined): Scope[] {
  const items = (typeof value === 'string' ? value.split(/[\s,]+/) : [...(value ?? [])]).map((s) => s.trim()).filter(Boolean);
  if (items.length === 0) return [...SCOPES];
  const unknown = items.filter((s) => !isScope(s));
  if (unknown.length > 0) throw new ClientManagementError(`Unknown scope ${unknown.join(', ')}; the scopes are ${SCOPES.join(', ')}.`);
  return SCOPES.filter((s) => items.includes(s));
}

export function newClientId(environment: Environment): string {
  return `${environment === 'production' ? 'live' : 'sbx'}_${randomBytes(8).toString('hex')}`;
}

export type CreateClientInput = {
  /** Dealer id or exact name. */
  dealer: string;
  environment: Environment;
  scopes?: string | readonly string[];
  name?: string;
  /**
   * Production credentials are for dealers whose sandbox integration was evaluated
   * (`productionEnabledAt`). Set this to record that evaluation now, with the new client.
   */
  enableProduction?: boolean;
};

export type CreatedClient = {
  clientId: string;
  /** Shown once; only its hash is stored. */
  secret: string;
  dealerId: string;
  dealerName: string;
  environment: Environment;
  scopes: Scope[];
  name: string;
};

export async function createClient(db: Executor, input: CreateClientInput): Promise<CreatedClient> {
  if (input.environment !== 'sandbox' && input.environment !== 'production') {
    throw new ClientManagementError(`The environment is sandbox or production, not "${String(input.environment)}".`);
  }
  const dealer = await resolveDealer(db, input.dealer);
  const scopes = parseScopes(input.scopes);
  if (input.environment === 'production' && !dealer.productionEnabledAt) {
    if (!input.enableProduction) {
      throw new ClientManagementError(
        `${dealer.name} is not enabled for production yet (sandbox first, production after evaluation). Enable it with the client (--enable-production).`,
      );
    }
    await enableDealerProduction(db, dealer.id);
  }
  const name = input.name?.trim() || `${dealer.name} (${input.environment})`;
  if (name.length > 200) throw new ClientManagementError('The name is longer than 200 characters.');
  const clientId = newClientId(input.environment);
  const secret = generateSecret();
  await insertApiClient(db, {
    clientId,
    dealerId: dealer.id,
    environment: input.environment,
    name,
    secretHash: hashClientSecret(secret),
    scopes,
  });
  return { clientId, secret, dealerId: dealer.id, dealerName: dealer.name, environment: input.environment, scopes, name };
}

/** Replaces a client's secret; the old one stops working at once (tokens already issued run out). */
export async function rotateClientSecret(db: Executor, clientId: string): Promise<{ clientId: string; secret: string; disabled: boolean }> {
  const client = await findApiClient(db, clientId);
  if (!client) throw new ClientManagementError(`No API client "${clientId}".`);
  const secret = generateSecret();
  await setApiClientSecret(db, clientId, hashClientSecret(secret));
  return { clientId, secret, disabled: !!client.disabledAt };
}

/**
 * Disables a client: no new tokens at once; its tokens stop working within 60 s on every node
 * (at once on this one). Answers false when it was already disabled.
 */
export async function disableClient(db: Executor, clientId: string): Promise<boolean> {
  const client = await findApiClient(db, clientId);
  if (!client) throw new ClientManagementError(`No API client "${clientId}".`);
  const changed = await disableApiClient(db, clientId);
  forgetClientStatus(clientId);
  return changed;
}

export type ClientSummary = Awaited<ReturnType<typeof listApiClients>>[number];

/** Every client, or one dealer's (by id or name); never a secret or a hash. */
export async function listClients(db: Executor, dealer?: string): Promise<ClientSummary[]> {
  const dealerId = dealer ? (await resolveDealer(db, dealer)).id : undefined;
  return listApiClients(db, dealerId);
}
