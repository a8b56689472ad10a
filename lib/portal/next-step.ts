import type { OfferStatus } from '@/lib/shared/model';

// The dealer's one next step on an offer's page: what happens now and who acts, and the one action
// that stands first (primary) — decided here once, from the status, whether the customer can order
// at all (registered with an employer) and whether a link that still opens the offer was sent. The
// page shows this and nothing that contradicts it ("can order now" never stands beside "cannot
// order yet", nor before a link was sent).

export type NextStepKind =
  /** Not known yet: whether a link was sent is still loading. */
  | 'unknown'
  | 'pending'
  | 'noEmployer'
  | 'send'
  | 'resend'
  | 'sent'
  | 'order_journey_started'
  | 'employer_decision_pending'
  | 'operator_decision_pending'
  | 'done'
  | 'canceled'
  | 'fix'
  | 'declined';

/** The action that stands first: send the link, edit (fix the errors), copy into a new offer; none. */
export type PrimaryAction = 'send' | 'edit' | 'copy' | null;

export type NextStepInput = {
  status: OfferStatus;
  /** Rejected by the employer's or the operator's decision (nothing to fix). */
  declined: boolean;
  /** The customer is registered with an employer (the offer has lease terms). */
  hasEmployer: boolean;
  /** The newest link sent; undefined while it is not known yet, null when none was sent. */
  link: { working: boolean } | null | undefined;
};

export type NextStep = { kind: NextStepKind; primary: PrimaryAction };

export function nextStepOf(o: NextStepInput): NextStep {
  switch (o.status) {
    case 'pending':
      return { kind: 'pending', primary: null };
    case 'draft':
      if (!o.hasEmployer) return { kind: 'noEmployer', primary: null };
      if (o.link === undefined) return { kind: 'unknown', primary: null };
      if (o.link === null) return { kind: 'send', primary: 'send' };
      return o.link.working ? { kind: 'sent', primary: null } : { kind: 'resend', primary: 'send' };
    case 'rejected':
      return o.declined ? { kind: 'declined', primary: 'copy' } : { kind: 'fix', primary: 'edit' };
    case 'order_journey_started':
    case 'employer_decision_pending':
    case 'operator_decision_pending':
    case 'done':
    case 'canceled':
      return { kind: o.status, primary: null };
  }
}
