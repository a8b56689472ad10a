import 'server-only';
import { getDb } from '@/lib/database';
import { findOffer } from '@/db/repositories/offers';
import { setOfferStatus } from '@/db/repositories/offers-write';
import type { StoredStatusEntry } from '@/db/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Principal, Tenant } from '@/lib/auth/authenticate';
import type { Lang, Text } from '@/lib/i18n/messages';
import { cancelOffer } from './cancel-offer';
import { historyEntry, recordHistory } from './history-entry';
import { actionsBetween, HAPPY_PATH, nextSteps, transition, type LifecycleAction, type OfferStatus } from './lifecycle';
import { processOffers } from './process-offers';
import { serializeOffer, type OfferResponse } from './serialize';
import type { RejectionCode } from './checks';
import type { ChangeGuard } from './change-guard';

/** The later lifecycle: the steps after draft that the operator (or a sandbox client) takes. */
export type StepAction = Extract<
  LifecycleAction,
  'start_order' | 'submit_order' | 'employer_approve' | 'employer_decline' | 'operator_approve' | 'operator_decline'
>;

const DECLINE_CODES: Partial<Record<StepAction, RejectionCode>> = {
  employer_decline: 'EMPLOYER_DECLINED',
  operator_decline: 'OPERATOR_DECLINED',
};

function notAllowed(from: OfferStatus, what: string): never {
  throw new ApiError('OFFER_NOT_MODIFIABLE', {
    details: `${what} is not possible from ${from}; next steps: ${nextSteps(from).join(', ') || 'none'}.`,
  });
}

/**
 * Applies one lifecycle step to the tenant's offer, with its history entry, in one transaction.
 * `guard` runs in it once the offer's row is locked, before the change (it may refuse it by throwing).
 */
export async function applyStep(
  tenant: Tenant,
  actor: Actor,
  id: string,
  action: StepAction,
  lang: Lang,
  reason?: Text,
  guard?: ChangeGuard,
): Promise<OfferResponse> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    await guard?.(tx);
    const from = offer.status as OfferStatus;
    const step = transition(from, action);
    if (!step) notAllowed(from, action);
    const declineCode = DECLINE_CODES[action];
    const errors: StoredStatusEntry[] = declineCode ? [{ code: declineCode, ...(reason ? { text: reason } : {}) }] : [];
    await setOfferStatus(tx, tenant, id, step.to, { statusErrors: errors });
    const changes = reason ? [{ field: 'reason', new: reason.en }] : [];
    await recordHistory(tx, [historyEntry(id, actor, action, from, step.to, offer.changeSeq, changes)]);
    return serializeOffer((await findOffer(tx, tenant, id))!, lang);
  });
}

const SANDBOX_DECLINE: Text = {
  de: 'Im Sandbox-Test abgelehnt.',
  en: 'Declined in a sandbox test.',
};

/**
 * The sandbox's way through the lifecycle: without `to`, the next status on the happy path;
 * with `to`, any status of nextSteps. A pending offer is processed on the spot.
 */
export async function advanceSandboxOffer(principal: Principal, id: string, to: OfferStatus | undefined, lang: Lang) {
  if (principal.environment !== 'sandbox') {
    throw new ApiError('FORBIDDEN', { details: 'Sandbox steps are only available to sandbox clients.' });
  }
  const offer = await findOffer(getDb(), principal, id);
  if (!offer) notFound();
  const from = offer.status as OfferStatus;
  if (to !== undefined && !nextSteps(from).includes(to)) notAllowed(from, `A step to ${to}`);
  if (to === 'canceled') return cancelOffer(principal, principal.actor, id, { contactFromEmployeeRequested: false }, lang);
  if (to === 'pending') notAllowed(from, 'Resubmitting (PUT /v1/offers/{id}) rather than a step');

  if (from === 'pending') {
    await processOffers({ ids: [id] });
    const processed = await findOffer(getDb(), principal, id);
    return serializeOffer(processed!, lang);
  }
  const action = (to ? actionsBetween(from, to)[0] : HAPPY_PATH[from]) as StepAction | undefined;
  if (!action) notAllowed(from, 'A further step');
  return applyStep(principal, principal.actor, id, action, lang, DECLINE_CODES[action] ? SANDBOX_DECLINE : undefined);
}
