import 'server-only';
import type { Executor } from '@/db/client';
import { getDb } from '@/lib/database';
import { findApiClient } from '@/db/repositories/api-clients';
import { findDealerByName, insertDealer, insertOperatorAction, lockDealer } from '@/db/repositories/dealers';
import { dealerSandboxRecord } from '@/db/repositories/sandbox-record';
import { findDealer } from '@/db/repositories/operator-dealers';
import { ApiError } from '@/lib/api/errors';
import { forgetClientStatus } from '@/lib/auth/client-status';
import { ClientManagementError, createClient, disableClient, rotateClientSecret, type CreatedClient } from '@/lib/auth/manage-clients';
import type { Environment } from '@/lib/auth/tokens';
import type { Operator } from './operator';
import { consoleTranslator } from '@/lib/console/i18n';
import { checklistState, productionChecklist, type ProductionChecklist } from '@/lib/console/production-checklist';
import type { CredentialsBody, ProductionBody } from '@/lib/console/schemas';
import { answerTexts, format } from '@/lib/i18n/messages';

// Onboarding a dealer from nothing to production (spec: sandbox credentials first, production
// after evaluation), and the care of its API clients. Every step runs in one transaction with its
// entry in operator_actions, so the record and the change cannot part. Secrets are answered once
// and never recorded.


function actorOf(operator: Operator) {
  return { actorId: operator.id, actorName: operator.name };
}

async function requireDealer(db: Executor, dealerId: string) {
  const dealer = await findDealer(db, dealerId);
  if (!dealer) throw new ApiError('NOT_FOUND', { details: `No dealer ${dealerId}.` });
  return dealer;
}

/** ClientManagementError (the CLI's wording) as a 400 of the console. */
function rethrow(err: unknown): never {
  if (err instanceof ClientManagementError) throw new ApiError('INVALID_PARAMETER', { text: { de: err.message, en: err.message } });
  throw err;
}

export async function createDealer(operator: Operator, name: string): Promise<{ id: string; name: string }> {
  return getDb().transaction(async (tx) => {
    const existing = await findDealerByName(tx, name);
    if (existing) {
      throw new ApiError('CONFLICT', {
        text: format(answerTexts.dealerExists, { name: existing.name }),
      });
    }
    const id = await insertDealer(tx, name);
    await insertOperatorAction(tx, { ...actorOf(operator), action: 'dealer_created', dealerId: id, details: { name } });
    return { id, name };
  });
}

export type IssuedCredentials = Pick<CreatedClient, 'clientId' | 'secret' | 'environment' | 'scopes' | 'name'>;

const issued = (c: CreatedClient): IssuedCredentials => ({ clientId: c.clientId, secret: c.secret, environment: c.environment, scopes: c.scopes, name: c.name });

/** The operators' record of credentials they issued (never the secret). */
function recordClientCreated(tx: Executor, operator: Operator, dealerId: string, client: CreatedClient, environment: Environment) {
  return insertOperatorAction(tx, {
    ...actorOf(operator),
    action: 'client_created',
    dealerId,
    clientId: client.clientId,
    details: { environment, scopes: client.scopes, name: client.name },
  });
}

/** New sandbox credentials for a dealer; the secret is in the answer and nowhere else. */
export async function createSandboxCredentials(operator: Operator, dealerId: string, body: CredentialsBody): Promise<IssuedCredentials> {
  return getDb().transaction(async (tx) => {
    await requireDealer(tx, dealerId);
    const client = await createClient(tx, { dealer: dealerId, environment: 'sandbox', scopes: body.scopes, name: body.name }).catch(rethrow);
    await recordClientCreated(tx, operator, dealerId, client, 'sandbox');
    return issued(client);
  });
}

/** The 409 of a dealer whose sandbox checklist is not met, naming the missing items in both languages. */
function checklistNotMet(checklist: ProductionChecklist): ApiError {
  const text = (lang: 'de' | 'en') => {
    const t = consoleTranslator(lang);
    return t('productionRefused', { missing: checklist.missing.map((key) => t(`prodCheck_${key}`)).join(', ') });
  };
  return new ApiError('CONFLICT', { text: { de: text('de'), en: text('en') }, details: checklist.missing.join(',') });
}

/**
 * Enables production for a dealer whose sandbox integration has shown the production checklist
 * (lib/console/production-checklist.ts) — or, when it has not, with the operator's override and
 * its reason — sets productionEnabledAt once and issues production credentials. The checklist is
 * read under the dealer's row lock, in the transaction that enables, and recorded with the
 * enabling. For a dealer already enabled it issues further production credentials (no checklist).
 */
export async function enableProduction(
  operator: Operator,
  dealerId: string,
  body: ProductionBody,
): Promise<IssuedCredentials & { productionEnabledAt: Date }> {
  return getDb().transaction(async (tx) => {
    await lockDealer(tx, dealerId);
    const dealer = await requireDealer(tx, dealerId);
    let enabling: Record<string, unknown> | undefined;
    if (!dealer.productionEnabledAt) {
      const checklist = productionChecklist(await dealerSandboxRecord(tx, dealerId, 'sandbox'));
      const reason = body.override?.reason;
      if (!checklist.allMet && !reason) throw checklistNotMet(checklist);
      // An override is recorded only where it was needed: with every item met there is nothing to override.
      enabling = { checklist: checklistState(checklist), ...(checklist.allMet ? {} : { override: { reason } }) };
    }
    const client = await createClient(tx, {
      dealer: dealerId,
      environment: 'production',
      scopes: body.scopes,
      name: body.name,
      enableProduction: true,
    }).catch(rethrow);
    const enabled = (await findDealer(tx, dealerId))!.productionEnabledAt!;
    if (enabling) {
      await insertOperatorAction(tx, { ...actorOf(operator), action: 'production_enabled', dealerId, details: enabling });
    }
    await recordClientCreated(tx, operator, dealerId, client, 'production');
    return { ...issued(client), productionEnabledAt: enabled };
  });
}

async function requireClient(db: Executor, clientId: string) {
  const client = await findApiClient(db, clientId);
  if (!client) throw new ApiError('NOT_FOUND', { details: `No API client ${clientId}.` });
  return client;
}

/** A new secret for a client; the old one stops working at once. */
export async function rotateCredentials(
  operator: Operator,
  clientId: string,
): Promise<{ clientId: string; secret: string; environment: Environment; disabled: boolean }> {
  return getDb().transaction(async (tx) => {
    const client = await requireClient(tx, clientId);
    const rotated = await rotateClientSecret(tx, clientId).catch(rethrow);
    await insertOperatorAction(tx, {
      ...actorOf(operator),
      action: 'client_rotated',
      dealerId: client.dealerId,
      clientId,
      details: { environment: client.environment },
    });
    return { clientId, secret: rotated.secret, environment: client.environment, disabled: rotated.disabled };
  });
}

/** Disables a client for good (no new tokens; its tokens stop working within a minute). */
export async function disableCredentials(operator: Operator, clientId: string): Promise<{ clientId: string; disabled: true; changed: boolean }> {
  const result = await getDb().transaction(async (tx) => {
    const client = await requireClient(tx, clientId);
    const changed = await disableClient(tx, clientId).catch(rethrow);
    if (changed) {
      await insertOperatorAction(tx, {
        ...actorOf(operator),
        action: 'client_disabled',
        dealerId: client.dealerId,
        clientId,
        details: { environment: client.environment },
      });
    }
    return { clientId, disabled: true as const, changed };
  });
  // Once more after the commit: a check between the disabling and the commit may have cached "active".
  forgetClientStatus(clientId);
  return result;
}
