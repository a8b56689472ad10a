import { z } from 'zod';
import { parseDay } from '@/lib/api/dates';
import { SCOPES } from '@/lib/auth/scopes';
import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';
import { bidexCodeSchema, CANCEL_REASONS, moneySchema, wholeNumberParam } from '@/lib/offers/contract/schemas';
import { CONTROL_CHARACTERS } from '@/lib/shared/validation';
import { textKey } from '@/lib/i18n/text-key';
import { OVERRIDE_REASON_MAX } from './production-checklist';

// The console's request bodies and query strings. One schema validates on the server (every
// console endpoint) and drives the console's forms in the browser. Messages are keys of
// validationTexts (lib/i18n/messages.ts), as in the /v1 schemas.

/** A text of one or more lines (a reason). */
const text = (max: number) =>
  z
    .string('type')
    .trim()
    .min(1, 'tooShort')
    .max(max, 'tooLong');

/** A name (of a dealer, an employer, a person, a client): one line, no control characters (names reach mail bodies). */
const name = (max = 200) => text(max).refine((v) => !CONTROL_CHARACTERS.test(v), 'controlCharacter');

const optionalName = (max = 200) =>
  z
    .string('type')
    .trim()
    .max(max, 'tooLong')
    .refine((v) => !CONTROL_CHARACTERS.test(v), 'controlCharacter')
    .optional()
    .transform((v) => (v ? v : undefined));

/**
 * A decline's reason: typed once, in the operator's language (`lang`, the page's). The dealer
 * reads it as written, marked with its language where the dealer reads the other one (docs/decisions.md).
 */
export const REASON_MAX = 500;
export const reasonSchema = z.object({ text: text(REASON_MAX), lang: z.enum(['de', 'en'], 'oneOf') }, 'type');
export type Reason = z.infer<typeof reasonSchema>;

export const STEP_ACTIONS = ['start_order', 'submit_order', 'employer_approve', 'employer_decline', 'operator_approve', 'operator_decline'] as const;
export const DECLINE_ACTIONS: readonly string[] = ['employer_decline', 'operator_decline'];
/** The customer's and the employer's steps: the operator takes them only on their behalf, saying why. */
export const ON_BEHALF_ACTIONS: readonly string[] = ['start_order', 'submit_order', 'employer_approve', 'employer_decline'];
export const ON_BEHALF_REASON_MAX = 500;

const stepFields = {
  action: z.enum(STEP_ACTIONS, 'oneOf'),
  reason: reasonSchema.optional(),
  onBehalfReason: z.string('type').trim().max(ON_BEHALF_REASON_MAX, 'tooLong').transform((v) => (v ? v : undefined)).optional(),
};

/** A decline needs its reason; a step for the customer or the employer needs the operator's why, and only such a step carries it. */
function refineStep(body: { action: string; reason?: unknown; onBehalfReason?: string }, ctx: z.RefinementCtx) {
  const decline = DECLINE_ACTIONS.includes(body.action);
  if (decline && !body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'required' });
  if (!decline && body.reason) ctx.addIssue({ code: 'custom', path: ['reason'], message: 'invalid' });
  const onBehalf = ON_BEHALF_ACTIONS.includes(body.action);
  if (onBehalf && !body.onBehalfReason) ctx.addIssue({ code: 'custom', path: ['onBehalfReason'], message: 'required' });
  if (!onBehalf && body.onBehalfReason) ctx.addIssue({ code: 'custom', path: ['onBehalfReason'], message: 'invalid' });
}

export const stepBodySchema = z.object(stepFields).superRefine(refineStep);
export type StepBody = z.infer<typeof stepBodySchema>;

export const cancelBodySchema = z.object({
  cancelReason: z.enum(CANCEL_REASONS, 'oneOf'),
  cancelNote: z.string('type').trim().max(500, 'tooLong').optional().transform((v) => (v ? v : undefined)),
  contactFromEmployeeRequested: z.boolean('type').default(false),
});
export type CancelBody = z.infer<typeof cancelBodySchema>;

/** A dealer or an employer is created from its name alone. */
export const createByNameSchema = z.object({ name: name() });
export type CreateByNameBody = z.infer<typeof createByNameSchema>;

export const credentialsSchema = z.object({
  name: optionalName(),
  scopes: z.array(z.enum(SCOPES, 'oneOf'), 'type').min(1, 'tooShort').max(SCOPES.length, 'tooMany').default([...SCOPES]),
});
export type CredentialsBody = z.input<typeof credentialsSchema>;

/**
 * Enabling production: credentials, and when the dealer's sandbox checklist is not met the
 * operator's override with its reason (lib/console/production-checklist.ts).
 */
export const productionSchema = credentialsSchema.extend({
  override: z.object({ reason: text(OVERRIDE_REASON_MAX) }, 'type').optional(),
});
export type ProductionBody = z.input<typeof productionSchema>;

/** The employer's rules: the excluded categories and, when given, the price limit (null: none). */
export const policySchema = z.object({
  excludedCodes: z.array(bidexCodeSchema, 'type').max(500, 'tooMany'),
  maxTotalPriceGross: moneySchema.nullable().optional(),
});
export type PolicyBody = z.infer<typeof policySchema>;

const percent = (minimum: number, maximum: number) => {
  const message = textKey('percent', { minimum, maximum });
  return z
    .number(message)
    .min(minimum, { error: message, abort: true })
    .max(maximum, { error: message, abort: true })
    .refine((v) => /^\d+(\.\d{1,3})?$/.test(String(v)), message);
};
const months = textKey('integerRange', { minimum: 1, maximum: 120 });

/** The employer's lease terms (docs/contract.md, "Lease terms"): percentages of the offer's total gross per month. */
export const leaseTermsSchema = z.object({
  leaseTermMonths: z.number(months).int(months).min(1, months).max(120, months),
  leasingFactorPercent: percent(0.001, 20),
  insurancePercent: percent(0, 10),
  employerSubsidyMonthly: moneySchema,
});
export type LeaseTermsBody = z.infer<typeof leaseTermsSchema>;

export const registerEmployeeSchema = z.object({
  email: z.string('type').trim().max(255, 'tooLong').pipe(z.email('email')),
  name: optionalName(255),
});
export type RegisterEmployeeBody = z.input<typeof registerEmployeeSchema>;

// ---- The rejected-offers queue's query string ---------------------------------------------------

const day = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
  .refine((v) => parseDay(v) !== undefined, 'date');
const blankToUndefined = (v: unknown) => (v === '' ? undefined : v);

/** The columns the rejected-offers overview sorts by (db/repositories/operator.ts); `rejectedAt` ascending: the oldest first. */
export const REJECTED_SORTS = ['rejectedAt', 'offerNumber', 'dealer', 'customer'] as const;

export const queueQuerySchema = z.object({
  dealer: z.preprocess(blankToUndefined, z.uuid('uuid').optional()),
  /** Production when not given, like the navigation's count of it; `all` is both. */
  environment: z.preprocess(blankToUndefined, z.enum(['sandbox', 'production', 'all'], 'oneOf').optional()),
  code: z.preprocess(blankToUndefined, z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'invalid').optional()),
  from: z.preprocess(blankToUndefined, day.optional()),
  to: z.preprocess(blankToUndefined, day.optional()),
  page: z.preprocess(blankToUndefined, wholeNumberParam(1, 100_000, 1)),
  sortBy: z.preprocess(blankToUndefined, z.enum(REJECTED_SORTS, 'oneOf').optional()),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], 'oneOf').optional()),
});
export type QueueQuery = z.infer<typeof queueQuerySchema>;

export const QUEUE_PAGE_SIZE = 25;

// ---- The work queues (decision, rejected, employer, search) --------------------------------------

/** The columns a work queue sorts by (db/repositories/work-queues.ts); `waiting` ascending: the longest-waiting first. */
export const WORK_SORTS = ['waiting', 'offerNumber', 'dealer', 'customer', 'total'] as const;

/**
 * The filters each work queue offers: only those that can narrow it. The decision and employer
 * queues hold one status and no error codes; only the rejected offers carry error codes; waiting
 * time means nothing across all offers.
 */
export const QUEUE_FILTERS = {
  decision: ['q', 'dealer', 'environment', 'age'],
  employer: ['q', 'dealer', 'environment', 'age'],
  rejected: ['q', 'code', 'dealer', 'environment', 'age'],
  search: ['q', 'status', 'dealer', 'environment'],
} as const satisfies Record<string, readonly string[]>;
export type QueueFilterKey = (typeof QUEUE_FILTERS)[keyof typeof QUEUE_FILTERS][number];

/**
 * The work queues of decisions and the rejected offers: production by default (sandbox offers are
 * tests), the sandbox or `all` as a filter. The navigation counts each queue as its page lists it
 * unfiltered (lib/console/use-cases/work-queues.ts, `queueEnvironment`).
 */
export const PRODUCTION_BY_DEFAULT: readonly string[] = ['decision', 'employer', 'rejected'];

/** The order a work queue lists in when none is asked for: the longest-waiting first, but all offers (the search) newest first. */
export const defaultQueueOrder = (queue: string): 'asc' | 'desc' => (queue === 'search' ? 'desc' : 'asc');

export const workQueueQuerySchema = z.object({
  dealer: z.preprocess(blankToUndefined, z.uuid('uuid').optional()),
  environment: z.preprocess(blankToUndefined, z.enum(['sandbox', 'production', 'all'], 'oneOf').optional()),
  code: z.preprocess(blankToUndefined, z.string().regex(/^[A-Z][A-Z0-9_]{0,63}$/, 'invalid').optional()),
  /** Waiting at least this many days. */
  age: z.preprocess(blankToUndefined, wholeNumberParam(0, 3650).optional()),
  q: z.preprocess(blankToUndefined, z.string().trim().min(1).max(200).optional()),
  status: z.preprocess(blankToUndefined, z.enum(OFFER_STATUSES, 'oneOf').optional()),
  sortBy: z.preprocess(blankToUndefined, z.enum(WORK_SORTS, 'oneOf').optional()),
  order: z.preprocess(blankToUndefined, z.enum(['asc', 'desc'], 'oneOf').optional()),
  page: z.preprocess(blankToUndefined, wholeNumberParam(1, 100_000, 1)),
});
export type WorkQueueQuery = z.infer<typeof workQueueQuerySchema>;

/** One step for several offers: each offer is changed (or refused) on its own. */
export const bulkStepBodySchema = z
  .object({ ids: z.array(z.uuid('uuid'), 'type').min(1, 'tooShort').max(100, 'tooMany'), ...stepFields })
  .superRefine(refineStep);
export type BulkStepBody = z.infer<typeof bulkStepBodySchema>;

/** Today in Berlin, `YYYY-MM-DD`: the latest day a request can have arrived. */
const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/** A customer's address as the data-protection page searches it. */
export const privacyEmailSchema = z.email('email').trim().max(255, 'tooLong');
/** The operator's reference of a data-protection request. */
export const privacyReferenceSchema = name(100);

/**
 * A customer's data-protection request as the operator states it: the address, the day the
 * request arrived (not in the future) and the operator's reference of it (docs/privacy.md).
 */
export const privacyRequestSchema = z.object({
  email: privacyEmailSchema,
  requestDate: z
    .string('type')
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'date')
    .refine((v) => parseDay(v) !== undefined && v <= berlinToday(), 'date'),
  reference: privacyReferenceSchema,
});
export type PrivacyRequestBody = z.output<typeof privacyRequestSchema>;

/** An export of a customer's data: the request, and the file's kind. */
export const privacyExportSchema = privacyRequestSchema.extend({ format: z.enum(['json', 'pdf'], 'oneOf').default('json') });

const WORK_QUERY_ORDER = ['q', 'status', 'code', 'dealer', 'environment', 'age', 'sortBy', 'order', 'page'] as const;

/**
 * A work queue's query string as its list asks the endpoint for it: only the filters the queue
 * offers and values the schema takes (a value nobody could mean is left out, as the page ignores
 * it), in one order — the same on the server (the page's first answer) and in the browser.
 */
export function workQueueSearch(queue: keyof typeof QUEUE_FILTERS, get: (key: string) => string | null | undefined): string {
  const offered: readonly string[] = QUEUE_FILTERS[queue];
  const out = new URLSearchParams();
  for (const key of WORK_QUERY_ORDER) {
    const value = get(key);
    if (value === null || value === undefined || value === '') continue;
    if (key !== 'sortBy' && key !== 'order' && key !== 'page' && !offered.includes(key)) continue;
    if (workQueueQuerySchema.shape[key].safeParse(value).success) out.set(key, value);
  }
  return out.toString();
}

const atOnceCeiling = textKey('integerRange', { minimum: 1, maximum: 20 });

/** The operator's bounds on an employer's rules, and its price limit (each null: none). */
export const boundsSchema = z.object({
  maxTotalPriceGross: moneySchema.nullable(),
  totalPriceFloorGross: moneySchema.nullable(),
  totalPriceCeilingGross: moneySchema.nullable(),
  bicyclesAtOnceCeiling: z.number(atOnceCeiling).int(atOnceCeiling).min(1, atOnceCeiling).max(20, atOnceCeiling).nullable(),
});
export type BoundsBody = z.infer<typeof boundsSchema>;
