import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { employees, employerRequests, employers, purchaseOrderInvoices, purchaseOrders } from '../schema';
import type { EmployerTermsRow } from './employers';
import { preparedOnce } from './prepared';
import type { OrderView } from './purchase-orders';
import type { InvoiceStatus, LeaseTerms } from '@/lib/shared/model';

// What an offer's `/v1` answer shows beside its own row, for any number of offers in one prepared
// statement: the lease terms kept with its latest employer request (asked for submitted offers),
// the terms of the employer its customer is registered with now, and (asked for done offers) its
// purchase order with the newest invoice.

export type OfferAnswerSource = { id: string; customerEmail: string; submitted: boolean; done: boolean };
export type OfferExtras = { kept?: LeaseTerms; current?: EmployerTermsRow & { employerId: string }; order?: OrderView };

const wanted = sql`unnest(${sql.placeholder('ids')}::uuid[], ${sql.placeholder('emails')}::text[], ${sql.placeholder('submitted')}::boolean[], ${sql.placeholder('done')}::boolean[]) as wanted (id, email, submitted, done)`;

const statement = preparedOnce((db) =>
  db
    .select({
      offerId: sql<string>`wanted.id`,
      kept: sql<LeaseTerms | null>`(select ${employerRequests.leaseTerms} from ${employerRequests} where wanted.submitted and ${employerRequests.offerId} = wanted.id and ${employerRequests.leaseTerms} is not null order by ${employerRequests.submittedAt} desc, ${employerRequests.id} desc limit 1)`.mapWith(employerRequests.leaseTerms),
      employerId: employers.id,
      leaseTermMonths: employers.leaseTermMonths,
      leasingFactorPercent: employers.leasingFactorPercent,
      insurancePercent: employers.insurancePercent,
      employerSubsidyMonthly: employers.employerSubsidyMonthly,
      order: purchaseOrders,
      invoice: {
        id: purchaseOrderInvoices.id,
        invoiceNumber: purchaseOrderInvoices.invoiceNumber,
        invoiceDate: purchaseOrderInvoices.invoiceDate,
        amountGross: purchaseOrderInvoices.amountGross,
        status: purchaseOrderInvoices.status,
        submittedAt: purchaseOrderInvoices.submittedAt,
        decidedAt: purchaseOrderInvoices.decidedAt,
        errors: purchaseOrderInvoices.errors,
        paidOn: purchaseOrderInvoices.paidOn,
        payoutReference: purchaseOrderInvoices.payoutReference,
      },
    })
    .from(wanted)
    .leftJoin(employees, eq(employees.email, sql`wanted.email`))
    .leftJoin(employers, eq(employers.id, employees.employerId))
    .leftJoin(purchaseOrders, and(sql`wanted.done`, eq(purchaseOrders.offerId, sql`wanted.id`)))
    .leftJoin(
      purchaseOrderInvoices,
      and(
        sql`wanted.done`,
        eq(
          purchaseOrderInvoices.id,
          sql`(select i.id from ${purchaseOrderInvoices} i where i.offer_id = wanted.id order by i.submitted_at desc, i.id desc limit 1)`,
        ),
      ),
    )
    .prepare('offer_answer_extras'),
);

/** Each given offer's extras, by offer id (one statement for any number of offers). */
export async function offerExtras(db: Executor, offers: readonly OfferAnswerSource[]): Promise<Map<string, OfferExtras>> {
  const out = new Map<string, OfferExtras>();
  if (offers.length === 0) return out;
  const rows = await statement(db).execute({
    ids: offers.map((o) => o.id),
    emails: offers.map((o) => o.customerEmail.trim().toLowerCase()),
    submitted: offers.map((o) => o.submitted),
    done: offers.map((o) => o.done),
  });
  for (const r of rows) {
    const { employerId, leaseTermMonths, leasingFactorPercent, insurancePercent, employerSubsidyMonthly } = r;
    out.set(r.offerId, {
      kept: r.kept ?? undefined,
      current: employerId !== null && leaseTermMonths !== null ? { employerId, leaseTermMonths, leasingFactorPercent: leasingFactorPercent!, insurancePercent: insurancePercent!, employerSubsidyMonthly: employerSubsidyMonthly! } : undefined,
      order: r.order ? { ...r.order, invoice: r.invoice ? { ...r.invoice, status: r.invoice.status as InvoiceStatus } : null } : undefined,
    });
  }
  return out;
}
