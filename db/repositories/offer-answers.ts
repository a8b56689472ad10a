import 'server-only';
import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { employees, employerRequests, employers, offers, purchaseOrderInvoices, purchaseOrders } from '../schema';
import { termsColumns, type EmployerTermsRow } from './employers';
import { offerRecordColumns, type OfferRecord } from './offers';
import { preparedOnce } from './prepared';
import type { OrderAnswerSource } from './purchase-orders';
import type { InvoiceStatus, LeaseTerms, OfferStatus, Tenant } from '@/lib/shared/model';

// What an offer's `/v1` answer shows beside its own row: the lease terms kept with its latest
// employer request (read for submitted offers), the terms of the employer its customer is
// registered with now, and (read for done offers) its purchase order with the newest invoice. Read
// in one prepared statement: with the offer itself for a get, for any number of offers for a page.

export type OfferExtras = { kept?: LeaseTerms; current?: EmployerTermsRow & { employerId: string }; order?: OrderAnswerSource };

/** How a statement names an offer's id, customer e-mail (lower case) and whether it is submitted or done. */
type Keys = { id: SQL; email: SQL; submitted: SQL; done: SQL };

/** The statuses an offer reaches by its submission (and until a decline or a change sends it back): its terms are the kept ones. */
export const SUBMITTED_STATUSES: readonly OfferStatus[] = ['employer_decision_pending', 'operator_decision_pending', 'done'];

/** The current employer's terms, of `employers` joined through the customer's registration. */
export const currentTermsColumns = { employerId: employers.id, ...termsColumns };

type CurrentTermsRow = { [K in keyof typeof currentTermsColumns]: K extends 'leaseTermMonths' ? number | null : string | null };

/** The current terms of a row of currentTermsColumns; undefined when the customer is registered with no employer. */
export function currentTermsOf(r: CurrentTermsRow): OfferExtras['current'] {
  const { employerId, leaseTermMonths, leasingFactorPercent, insurancePercent, employerSubsidyMonthly } = r;
  if (employerId === null || leaseTermMonths === null) return undefined;
  return { employerId, leaseTermMonths, leasingFactorPercent: leasingFactorPercent!, insurancePercent: insurancePercent!, employerSubsidyMonthly: employerSubsidyMonthly! };
}

const extrasColumns = (k: Keys) => ({
  kept: sql<LeaseTerms | null>`(select ${employerRequests.leaseTerms} from ${employerRequests} where ${k.submitted} and ${employerRequests.offerId} = ${k.id} and ${employerRequests.leaseTerms} is not null order by ${employerRequests.submittedAt} desc, ${employerRequests.id} desc limit 1)`.mapWith(employerRequests.leaseTerms),
  ...currentTermsColumns,
  // What the answer shows of them (lib/purchase-orders/contract/serialize.ts), no more: each
  // column costs the driver and the mapping per row.
  order: {
    status: purchaseOrders.status,
    environment: purchaseOrders.environment,
    pickupCodeSentAt: purchaseOrders.pickupCodeSentAt,
    sandboxPickupCode: purchaseOrders.sandboxPickupCode,
    handedOverOn: purchaseOrders.handedOverOn,
    frameNumber: purchaseOrders.frameNumber,
    batterySerialNumber: purchaseOrders.batterySerialNumber,
    leaseStart: purchaseOrders.leaseStart,
    leaseEnd: purchaseOrders.leaseEnd,
    cancelReason: purchaseOrders.cancelReason,
  },
  invoice: {
    invoiceNumber: purchaseOrderInvoices.invoiceNumber,
    invoiceDate: purchaseOrderInvoices.invoiceDate,
    amountGross: purchaseOrderInvoices.amountGross,
    status: purchaseOrderInvoices.status,
    errors: purchaseOrderInvoices.errors,
    paidOn: purchaseOrderInvoices.paidOn,
    payoutReference: purchaseOrderInvoices.payoutReference,
  },
});

const employeeOn = (k: Keys) => eq(employees.email, k.email);
const employerOn = eq(employers.id, employees.employerId);
const orderOn = (k: Keys) => and(k.done, eq(purchaseOrders.offerId, k.id));
const invoiceOn = (k: Keys) =>
  and(k.done, eq(purchaseOrderInvoices.id, sql`(select i.id from ${purchaseOrderInvoices} i where i.offer_id = ${k.id} order by i.submitted_at desc, i.id desc limit 1)`));

type ExtrasRow = CurrentTermsRow & {
  kept: LeaseTerms | null;
  order: Omit<OrderAnswerSource, 'invoice'> | null;
  invoice: (Omit<NonNullable<OrderAnswerSource['invoice']>, 'status'> & { status: string }) | null;
};

function extrasOf(r: ExtrasRow): OfferExtras {
  return {
    kept: r.kept ?? undefined,
    current: currentTermsOf(r),
    order: r.order ? { ...r.order, invoice: r.invoice ? { ...r.invoice, status: r.invoice.status as InvoiceStatus } : null } : undefined,
  };
}

// ---- A get: the offer and its extras --------------------------------------------------------------

const ofOffer: Keys = {
  id: sql`${offers.id}`,
  email: sql`lower(btrim(${offers.customerEmail}))`,
  submitted: inArray(offers.status, [...SUBMITTED_STATUSES]),
  done: sql`${offers.status} = 'done'`,
};

const findAnswerStatement = preparedOnce((db) =>
  db
    .select({ record: offerRecordColumns, ...extrasColumns(ofOffer) })
    .from(offers)
    .leftJoin(employees, employeeOn(ofOffer))
    .leftJoin(employers, employerOn)
    .leftJoin(purchaseOrders, orderOn(ofOffer))
    .leftJoin(purchaseOrderInvoices, invoiceOn(ofOffer))
    .where(and(eq(offers.dealerId, sql.placeholder('dealerId')), eq(offers.environment, sql.placeholder('environment')), eq(offers.id, sql.placeholder('id'))))
    .limit(1)
    .prepare('offers_find_answer'),
);

/** The tenant's offer with what its answer shows beside it, or undefined. */
export async function findOfferWithExtras(db: Executor, tenant: Tenant, id: string): Promise<{ record: OfferRecord; extras: OfferExtras } | undefined> {
  const [row] = await findAnswerStatement(db).execute({ dealerId: tenant.dealerId, environment: tenant.environment, id });
  return row && { record: row.record, extras: extrasOf(row) };
}

// ---- A page: the extras of given offers -----------------------------------------------------------

export type OfferAnswerSource = { id: string; customerEmail: string; submitted: boolean; done: boolean };

const ofWanted: Keys = { id: sql`wanted.id`, email: sql`wanted.email`, submitted: sql`wanted.submitted`, done: sql`wanted.done` };
const wanted = sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('emails')}::text[], ${sql.placeholder('submitted')}::boolean[], ${sql.placeholder('done')}::boolean[]) as wanted (id, email, submitted, done)`;

const extrasStatement = preparedOnce((db) =>
  db
    .select({ offerId: sql<string>`wanted.id`, ...extrasColumns(ofWanted) })
    .from(wanted)
    .leftJoin(employees, employeeOn(ofWanted))
    .leftJoin(employers, employerOn)
    .leftJoin(purchaseOrders, orderOn(ofWanted))
    .leftJoin(purchaseOrderInvoices, invoiceOn(ofWanted))
    .prepare('offer_answer_extras'),
);

/** Each given offer's extras, by offer id (one statement for any number of offers). */
export async function offerExtras(db: Executor, offers: readonly OfferAnswerSource[]): Promise<Map<string, OfferExtras>> {
  const out = new Map<string, OfferExtras>();
  if (offers.length === 0) return out;
  const rows = await extrasStatement(db).execute({
    ids: offers.map((o) => o.id),
    emails: offers.map((o) => o.customerEmail.trim().toLowerCase()),
    submitted: offers.map((o) => o.submitted),
    done: offers.map((o) => o.done),
  });
  for (const r of rows) out.set(r.offerId, extrasOf(r));
  return out;
}
