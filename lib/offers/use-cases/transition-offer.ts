import 'server-only';
import type { Executor } from '@/db/client';
import { getDb } from '@/lib/database';
import { decideEmployerRequest, keepRequestLeaseTerms, openEmployerRequest } from '@/db/repositories/employer-requests';
import { insertCustomerMail, insertEmployerRequestMails } from '@/db/repositories/notifications';
import { findOffer, type OfferRecord } from '@/db/repositories/offers';
import { setOfferStatus } from '@/db/repositories/offers-write';
import type { FieldChange, StoredStatusEntry } from '@/db/schema';
import { ApiError, notFound } from '@/lib/api/errors';
import { env } from '@/lib/env';
import type { Actor, Principal, Tenant } from '@/lib/auth/authenticate';
import { answerTexts, type Lang, type Text } from '@/lib/i18n/messages';
import { cancelOffer } from './cancel-offer';
import { historyEntry, recordHistory } from './history-entry';
import { actionsBetween, HAPPY_PATH, nextSteps, transition, type LifecycleAction, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { processOffers } from './process-offers';
import { leaseTermsOfOffer, offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import { assertBicyclesAtOnce, assertPolicy, policyReport } from '@/lib/orders/policy';
import type { RejectionCode } from '@/lib/offers/rules/checks';
import type { ChangeGuard } from './change-guard';
import { issueOrderInTransaction } from '@/lib/purchase-orders/use-cases/issue-order';
import { advanceSandboxOrder } from '@/lib/purchase-orders/use-cases/sandbox-order';
import { SANDBOX_ORDER_STEPS, type SandboxOrderStep } from '@/lib/offers/contract/schemas';

const isOrderStep = (to: string | undefined): to is SandboxOrderStep => (SANDBOX_ORDER_STEPS as readonly string[]).includes(to ?? '');

/** The later lifecycle: the steps after draft, taken by their actors (or the operator for them). */
export type StepAction = Extract<
  LifecycleAction,
  'start_order' | 'submit_order' | 'employer_approve' | 'employer_decline' | 'operator_approve' | 'operator_decline'
>;

/** The customer's own steps (through the dealer's link) and the employer's (at /employer). */
export const CUSTOMER_ACTIONS: readonly StepAction[] = ['start_order', 'submit_order'];
export const EMPLOYER_ACTIONS: readonly StepAction[] = ['employer_approve', 'employer_decline'];
/** The steps an operator takes on someone's behalf, stating why. */
export const ON_BEHALF_ACTIONS: readonly StepAction[] = [...CUSTOMER_ACTIONS, ...EMPLOYER_ACTIONS];
/** The decisions the customer is told about by mail. */
const DECISIONS: readonly StepAction[] = ['employer_approve', 'employer_decline', 'operator_approve', 'operator_decline'];

const DECLINE_CODES: Partial<Record<StepAction, RejectionCode>> = {
  employer_decline: 'EMPLOYER_DECLINED',
  operator_decline: 'OPERATOR_DECLINED',
};

export type StepOptions = {
  /** A decline's reason, in both languages: the status errors carry it. */
  reason?: Text;
  /** The language the reason was written in (its text there is the one the history records); English when not given. */
  reasonLang?: Lang;
  /** Why the operator takes a customer's or an employer's step for them (shown in the history). */
  onBehalfReason?: string;
  /** A sandbox client's simulation: no rules checked, no request to an employer, no mail. */
  simulated?: boolean;
  /** Runs in the step's transaction once the offer's row is locked, before the step (it may refuse it by throwing). */
  guard?: ChangeGuard;
};

function notAllowed(from: OfferStatus, what: string): never {
  throw new ApiError('OFFER_NOT_MODIFIABLE', {
    details: `${what} is not possible from ${from}; next steps: ${nextSteps(from).join(', ') || 'none'}.`,
  });
}

/** Whether `actor` may take `action` at all (whatever the offer's status). */
function mayTake(actor: Actor, action: StepAction, simulated: boolean): boolean {
  if (actor.type === 'customer') return CUSTOMER_ACTIONS.includes(action);
  if (actor.type === 'employer') return EMPLOYER_ACTIONS.includes(action);
  if (actor.type === 'operator') return true;
  return simulated;
}

/**
 * One lifecycle step on an offer the caller has read locked (`findOffer(…, { lock: true })`), in the
 * caller's transaction: the one way every step after draft is taken. The customer's and the
 * employer's own order steps must keep the employer's rules (409 ORDER_NOT_ALLOWED, nothing
 * changed); the operator acting for them states why instead. Submitting a production offer opens
 * the employer's request (with its snapshot) and tells its HR staff; a decision is recorded on the
 * request and told to the customer. A sandbox offer's steps mail nobody and open no request.
 * History (and with it the webhook event and the dealer's notifications) as for every change.
 */
export async function takeStepInTransaction(
  tx: Executor,
  tenant: Tenant,
  actor: Actor,
  offer: OfferRecord,
  action: StepAction,
  options: StepOptions = {},
): Promise<void> {
  const from = offer.status as OfferStatus;
  const simulated = options.simulated === true;
  if (!mayTake(actor, action, simulated)) throw new ApiError('FORBIDDEN', { details: `${actor.type} cannot take the step ${action}.` });
  const step = transition(from, action);
  if (!step) notAllowed(from, action);
  const onBehalf = actor.type === 'operator' && ON_BEHALF_ACTIONS.includes(action);
  const onBehalfReason = options.onBehalfReason?.trim();
  const report = simulated ? null : await policyReport(tx, offer);
  if (report && (actor.type === 'customer' || actor.type === 'employer') && action !== 'employer_decline') assertPolicy(report);
  // The number at once is the employee's own step's: not the dealer's offer, not the operator's.
  if (report && actor.type === 'customer' && action === 'submit_order' && offer.environment === 'production') await assertBicyclesAtOnce(tx, report, offer);

  const declineCode = DECLINE_CODES[action];
  const reason = options.reason;
  // A decision closes the open request before the offer moves; any other step out of
  // employer_decision_pending closes it in the database (migration 0033's trigger).
  if (EMPLOYER_ACTIONS.includes(action)) {
    await decideEmployerRequest(tx, offer.id, { approved: action === 'employer_approve', decidedBy: actor.name ?? actor.id, reason });
  }
  const errors: StoredStatusEntry[] = declineCode ? [{ code: declineCode, ...(reason ? { text: reason } : {}) }] : [];
  await setOfferStatus(tx, tenant, offer.id, step.to, { statusErrors: errors });
  const changes: FieldChange[] = [
    ...(reason ? [{ field: 'reason', new: reason[options.reasonLang ?? 'en'] }] : []),
    ...(onBehalf && onBehalfReason
      ? [
          { field: 'onBehalfOf', new: CUSTOMER_ACTIONS.includes(action) ? offer.customerName : (report?.employer?.name ?? '') },
          { field: 'onBehalfReason', new: onBehalfReason },
        ]
      : []),
  ];
  await recordHistory(tx, [historyEntry(offer.id, actor, action, from, step.to, offer.changeSeq, changes)]);
  // The operator's approval buys the bicycle: the dealer's purchase order, in this transaction
  // (also the sandbox's simulated approval; a sandbox order mails nobody).
  if (action === 'operator_approve') await issueOrderInTransaction(tx, offer, actor);
  // The sandbox reaches nobody real: no employer request, no HR mail, no mail to the customer.
  if (simulated || offer.environment === 'sandbox') return;

  if (action === 'submit_order' && report?.employer) {
    const requestId = await openEmployerRequest(tx, offer, report.employer.id);
    // The lease terms as they stand now stay with the request: a later change never moves them.
    const leaseTerms = await leaseTermsOfOffer(tx, offer);
    if (leaseTerms) await keepRequestLeaseTerms(tx, offer.id, leaseTerms);
    await insertEmployerRequestMails(tx, offer.id, report.employer.id, `${env.publicUrl}/employer/requests/${requestId}`);
  }
  if (DECISIONS.includes(action)) {
    await insertCustomerMail(tx, { kind: 'customer_decision', offerId: offer.id, mailTo: offer.customerEmail, name: offer.customerName, status: step.to });
  }
}

/** Applies one lifecycle step to the tenant's offer, with its history entry, in one transaction. */
export async function applyStep(
  tenant: Tenant,
  actor: Actor,
  id: string,
  action: StepAction,
  lang: Lang,
  options: StepOptions = {},
): Promise<OfferResponse> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    await options.guard?.(tx);
    await takeStepInTransaction(tx, tenant, actor, offer, action, options);
    return offerAnswer(tx, (await findOffer(tx, tenant, id))!, lang);
  });
}

const SANDBOX_DECLINE: Text = answerTexts.sandboxDecline;

/**
 * The sandbox's way through the lifecycle: without `to`, the next status on the happy path;
 * with `to`, any status of nextSteps. A pending offer is processed on the spot.
 */
export async function advanceSandboxOffer(principal: Principal, id: string, to: OfferStatus | SandboxOrderStep | undefined, lang: Lang) {
  if (principal.environment !== 'sandbox') {
    throw new ApiError('FORBIDDEN', { details: 'Sandbox steps are only available to sandbox clients.' });
  }
  if (isOrderStep(to)) return advanceSandboxOrder(principal, id, to, lang);
  const offer = await findOffer(getDb(), principal, id);
  if (!offer) notFound();
  const from = offer.status as OfferStatus;
  if (to !== undefined && !nextSteps(from).includes(to)) notAllowed(from, `A step to ${to}`);
  if (to === 'canceled') return (await cancelOffer(principal, principal.actor, id, { contactFromEmployeeRequested: false }, lang)).body.data;
  if (to === 'pending') {
    const steps = nextSteps(from).filter((s) => s !== 'pending');
    throw new ApiError('OFFER_NOT_MODIFIABLE', {
      details: `to=pending is not a step of advance: an offer goes back to pending when it is updated (PUT /v1/offers/${id}). From ${from}, advance takes: ${steps.join(', ') || 'none'}.`,
    });
  }

  if (from === 'pending') {
    await processOffers({ ids: [id] });
    const processed = await findOffer(getDb(), principal, id);
    return offerAnswer(getDb(), processed!, lang);
  }
  const action = (to ? actionsBetween(from, to)[0] : HAPPY_PATH[from]) as StepAction | undefined;
  if (!action) notAllowed(from, 'A further step');
  return applyStep(principal, principal.actor, id, action, lang, { simulated: true, ...(DECLINE_CODES[action] ? { reason: SANDBOX_DECLINE, reasonLang: lang } : {}) });
}
