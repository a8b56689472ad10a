// The offer's state machine (docs/contract.md, "Lifecycle"). The transition table is data; nothing else in
// Spoke decides which status may follow which.

import type { StepActor } from '@/lib/i18n/messages';
import { OFFER_STATUSES, type OfferStatus } from '@/lib/shared/model';

export { OFFER_STATUSES, type OfferStatus };

export const FINAL_STATUSES: readonly OfferStatus[] = ['done', 'canceled'];

export type LifecycleAction =
  | 'create'
  | 'accept'
  | 'reject'
  | 'resubmit'
  | 'start_order'
  | 'submit_order'
  | 'employer_approve'
  | 'employer_decline'
  | 'operator_approve'
  | 'operator_decline'
  | 'cancel';

/** A move of the state machine and who takes it (`actor`: the status object's words for them). */
type Transition = { action: LifecycleAction; from: readonly (OfferStatus | null)[]; to: OfferStatus; actor: StepActor };

const CANCELABLE = OFFER_STATUSES.filter((s) => !FINAL_STATUSES.includes(s));

export const TRANSITIONS: readonly Transition[] = [
  { action: 'create', from: [null], to: 'pending', actor: 'dealer' },
  { action: 'accept', from: ['pending'], to: 'draft', actor: 'processing' },
  { action: 'reject', from: ['pending'], to: 'rejected', actor: 'processing' },
  { action: 'resubmit', from: ['draft', 'rejected'], to: 'pending', actor: 'dealer' },
  { action: 'start_order', from: ['draft'], to: 'order_journey_started', actor: 'customer' },
  { action: 'submit_order', from: ['order_journey_started'], to: 'employer_decision_pending', actor: 'customer' },
  { action: 'employer_approve', from: ['employer_decision_pending'], to: 'operator_decision_pending', actor: 'employer' },
  { action: 'employer_decline', from: ['employer_decision_pending'], to: 'rejected', actor: 'employer' },
  { action: 'operator_approve', from: ['operator_decision_pending'], to: 'done', actor: 'operator' },
  { action: 'operator_decline', from: ['operator_decision_pending'], to: 'rejected', actor: 'operator' },
  { action: 'cancel', from: CANCELABLE, to: 'canceled', actor: 'dealer_or_operator' },
];

/** The transition `action` takes from `from`, or null when the table has none. */
export function transition(from: OfferStatus | null, action: LifecycleAction): Transition | null {
  return TRANSITIONS.find((t) => t.action === action && t.from.includes(from)) ?? null;
}

export function canApply(from: OfferStatus, action: LifecycleAction): boolean {
  return transition(from, action) !== null;
}

/** Exactly the statuses reachable from `status` in one step, in the order of OFFER_STATUSES. */
export function nextSteps(status: OfferStatus): OfferStatus[] {
  const reachable = new Set(TRANSITIONS.filter((t) => t.from.includes(status)).map((t) => t.to));
  return OFFER_STATUSES.filter((s) => reachable.has(s));
}

/** Who takes the step from `from` to `to` (the first transition's actor; each pair has one). */
export function stepActor(from: OfferStatus, to: OfferStatus): StepActor | undefined {
  return TRANSITIONS.find((t) => t.from.includes(from) && t.to === to)?.actor;
}

/** The actions that lead from `from` to `to` (several for `rejected`, for example). */
export function actionsBetween(from: OfferStatus, to: OfferStatus): LifecycleAction[] {
  return TRANSITIONS.filter((t) => t.from.includes(from) && t.to === to).map((t) => t.action);
}

/** The next status on the happy path after draft (what a sandbox `advance` without `to` does). */
export const HAPPY_PATH: Partial<Record<OfferStatus, LifecycleAction>> = {
  draft: 'start_order',
  order_journey_started: 'submit_order',
  employer_decision_pending: 'employer_approve',
  operator_decision_pending: 'operator_approve',
};

/** Why an update is refused in `status`, or null when an update is allowed. */
export function updateRefusal(status: OfferStatus): 'OFFER_IS_BEING_PROCESSED' | 'OFFER_NOT_MODIFIABLE' | null {
  if (status === 'pending') return 'OFFER_IS_BEING_PROCESSED';
  return canApply(status, 'resubmit') ? null : 'OFFER_NOT_MODIFIABLE';
}

export const UPDATABLE_STATUSES = TRANSITIONS.find((t) => t.action === 'resubmit')!.from as OfferStatus[];

/**
 * The `details` of a 409 OFFER_NOT_MODIFIABLE: the offer's status, and what may be done instead
 * (in English, like every `details`; the message carries the translations).
 */
export function notModifiableDetails(status: OfferStatus, attempted: 'update' | 'cancel' | 'customer'): string {
  const final = FINAL_STATUSES.includes(status);
  const what =
    attempted === 'update'
      ? `an update is possible in ${UPDATABLE_STATUSES.join(' or ')} only`
      : attempted === 'customer'
        ? `the customer can be corrected in ${UPDATABLE_STATUSES.join(' or ')} only (before the order starts)`
        : `a cancel is possible in any status but ${FINAL_STATUSES.join(' and ')} (a cancel repeated with the same values answers the canceled offer)`;
  const instead = final
    ? 'create a new offer (POST /v1/offers); its externalOfferId may be the same'
    : 'cancel it (POST /v1/offers/{id}/cancel) and create a new offer (POST /v1/offers)';
  return `status ${status}${final ? ' (final)' : ''}: ${what}. Instead: ${instead}.`;
}

/** The `details` of a 406 OFFER_IS_BEING_PROCESSED, with the seconds its Retry-After says. */
export function beingProcessedDetails(id: string, seconds: number): string {
  return `status pending: the previous change is processed in about ${seconds} s. Read the offer (GET /v1/offers/${id}) or retry the update after Retry-After.`;
}
