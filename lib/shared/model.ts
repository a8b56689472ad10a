// The types and constants that the data layer (db/) and the domain (lib/) share. The one module of
// lib/ that db/ may import (docs/architecture.md): it imports nothing itself.

/** Why an offer is canceled (the spec's list; the database stores the code). */
export const CANCEL_REASONS = [
  'customer_wants_different_bicycle',
  'not_deliverable',
  'delivery_date_cannot_be_met',
  'manufacturer_recall',
  'other',
] as const;
export type CancelReason = (typeof CANCEL_REASONS)[number];

/** What an API client may do (its token's scopes). */
export const SCOPES = ['offers:read', 'offers:write', 'catalogue:read', 'webhooks:read', 'webhooks:write'] as const;
export type Scope = (typeof SCOPES)[number];

/** A client's, a user's or a key's environment. */
export const ENVIRONMENTS = ['sandbox', 'production'] as const;
export type Environment = (typeof ENVIRONMENTS)[number];

/** Whose data a request may touch: one dealer in one environment. */
export type Tenant = { dealerId: string; environment: Environment };

/** Every status an offer can have (docs/contract.md, "Lifecycle"); lib/offers/rules/lifecycle.ts holds the transitions. */
export const OFFER_STATUSES = [
  'pending',
  'draft',
  'order_journey_started',
  'employer_decision_pending',
  'operator_decision_pending',
  'done',
  'canceled',
  'rejected',
] as const;
export type OfferStatus = (typeof OFFER_STATUSES)[number];

/**
 * Where the dealer's purchase order stands after the operator's approval (docs/orders-after-done.md):
 * the offer stays `done`; the order moves on through handover, invoice and payout.
 */
export const PURCHASE_ORDER_STATUSES = [
  'awaiting_handover',
  'handed_over',
  'invoiced',
  'invoice_rejected',
  'approved',
  'paid',
  'canceled',
] as const;
export type PurchaseOrderStatus = (typeof PURCHASE_ORDER_STATUSES)[number];

/** Where one invoice of an order stands: waiting for the operator's check, refused, checked, paid. */
export const INVOICE_STATUSES = ['submitted', 'rejected', 'approved', 'paid'] as const;
export type InvoiceStatus = (typeof INVOICE_STATUSES)[number];

/**
 * Who made a change: an API client, a portal user, the operator, the system (processing), the
 * customer (the employee, through the dealer's link) or the employer's staff.
 */
export const ACTOR_TYPES = ['client', 'user', 'operator', 'system', 'customer', 'employer'] as const;
export type ActorType = (typeof ACTOR_TYPES)[number];
export type Actor = { type: ActorType; id: string; name?: string };

/** The kinds of catalogue node. */
export const CATEGORY_KINDS = ['bicycle', 'accessory'] as const;
export type CategoryKind = (typeof CATEGORY_KINDS)[number];

/** The roles of a signed-in user: dealer staff, the operator's staff, an employer's HR staff. */
export const USER_ROLES = ['dealer', 'operator', 'employer'] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** Whose staff accounts: a dealer's (the portal) or an employer's HR staff (the employer face). */
export type StaffOwner = { dealerId: string } | { employerId: string };

/** The portal's environment choice (a browser preference; the server checks production access). */
export const ENV_COOKIE_NAME = 'spoke-env';

/** The keys an offer list sorts by (productName: by brand, then model). */
export const SORT_KEYS = [
  'createdAt',
  'statusChangedAt',
  'status',
  'externalOfferId',
  'customerEmail',
  'customerName',
  'totalPriceGross',
  'offerNumber',
  'productName',
] as const;
export type SortKey = (typeof SORT_KEYS)[number];

/** How long a portal user's password may be (the server checks it, the forms say it). */
export const PASSWORD_MIN = 10;
export const PASSWORD_MAX = 200;

/**
 * What an anonymised or restricted offer holds in place of its customer's name and
 * e-mail (docs/privacy.md): present and valid for the offer's schema, the address on the reserved
 * top-level domain `.invalid` (RFC 2606), which no mail can reach.
 */
export const PERSONAL_DATA_MARKER = { customerName: 'Anonymised', customerEmail: 'anonymised@spoke.invalid' } as const;

/**
 * An offer's lease terms (docs/contract.md, "Lease terms"), as `/v1` answers them and an
 * employer request keeps them: euro amounts with at most two decimals, percentages as given.
 */
export type LeaseTerms = {
  termMonths: number;
  leasingFactorPercent: number;
  monthlyRateGross: number;
  insuranceMonthly: number;
  employerSubsidyMonthly: number;
  /** The employer's terms behind them (absent in terms kept before they were answered). */
  insurancePercent?: number;
  employerSubsidyAgreedMonthly?: number;
  /** monthlyRateGross + insuranceMonthly − employerSubsidyMonthly. */
  employeeMonthlyGross: number;
  taxableBenefitMonthly: number;
  benefitBasis: number;
};

/** The events Spoke sends to webhooks (docs/webhooks.md, "Events"). */
export const WEBHOOK_EVENT_TYPES = ['offer.created', 'offer.status_changed', 'offer.customer_changed', 'offer.order_changed'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

/** Where a webhook delivery stands: due or retrying, answered with a 2xx, or retries exhausted. */
export const DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;

/**
 * An e-mail address as one mailbox: lower-cased, without a sub-address (`name+tag@x` is
 * `name@x`). The customer links' quotas count per mailbox, and the links store it (`sent_to`).
 */
export const mailboxOf = (email: string) => email.trim().toLowerCase().replace(/\+[^@]*@/, '@');
