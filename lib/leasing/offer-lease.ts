import 'server-only';
import type { Executor } from '@/db/client';
import type { OfferRecord } from '@/db/repositories/offers';
import { findOfferWithExtras, offerExtras, SUBMITTED_STATUSES, type OfferExtras } from '@/db/repositories/offer-answers';
import type { Lang } from '@/lib/i18n/messages';
import { serializeOffer, type OfferResponse } from '@/lib/offers/contract/serialize';
import { serializeOrder } from '@/lib/purchase-orders/contract/serialize';
import type { LeaseTerms, OfferStatus, Tenant } from '@/lib/shared/model';
import { leaseTerms } from './lease-terms';

// Which lease terms an offer carries: once submitted (and until a decline or a change sends it
// back), the terms kept with its employer request at submission; before, those of the employer
// its customer is registered with now. None when the customer is registered with no employer.

type LeaseRecord = Pick<OfferRecord, 'id' | 'status' | 'customerEmail' | 'totalPriceGross' | 'productPriceGross' | 'productListPriceGross' | 'accessories'>;

/** What to read beside an offer: its kept terms once submitted, its order (when asked) once done. */
const sourceOf = (r: LeaseRecord, withOrder: boolean) => ({
  id: r.id,
  customerEmail: r.customerEmail,
  submitted: SUBMITTED_STATUSES.includes(r.status as OfferStatus),
  done: withOrder && r.status === 'done',
});

/** The terms an offer carries, from what was read beside it. */
const termsOf = (r: LeaseRecord, { kept, current }: OfferExtras): LeaseTerms | undefined => kept ?? (current && leaseTerms(r, current));

/** The lease terms of each given offer that has them, by offer id (one statement for any number). */
export async function leaseTermsOf(db: Executor, records: readonly LeaseRecord[]): Promise<Map<string, LeaseTerms>> {
  const extras = await offerExtras(db, records.map((r) => sourceOf(r, false)));
  const out = new Map<string, LeaseTerms>();
  for (const r of records) {
    const terms = termsOf(r, extras.get(r.id) ?? {});
    if (terms) out.set(r.id, terms);
  }
  return out;
}

/** The lease terms of one offer, or undefined when its customer is registered with no employer. */
export async function leaseTermsOfOffer(db: Executor, record: LeaseRecord): Promise<LeaseTerms | undefined> {
  return (await leaseTermsOf(db, [record])).get(record.id);
}

/** The offer as `/v1` answers it, with its lease terms and (once done) its purchase order. */
export async function offerAnswer(db: Executor, record: OfferRecord, lang: Lang): Promise<OfferResponse> {
  return (await offerAnswers(db, [record], lang))[0]!;
}

/** An offer as `/v1` answers it, from its record and what is read beside it. */
export function answerOf(r: OfferRecord, extras: OfferExtras, lang: Lang): OfferResponse {
  return serializeOffer(r, lang, termsOf(r, extras), extras.order && serializeOrder(extras.order, lang));
}

/** Offers as `/v1` answers them, with their lease terms and (once done) their purchase orders. */
export async function offerAnswers(db: Executor, records: readonly OfferRecord[], lang: Lang): Promise<OfferResponse[]> {
  const extras = await offerExtras(db, records.map((r) => sourceOf(r, true)));
  return records.map((r) => answerOf(r, extras.get(r.id) ?? {}, lang));
}

/** The tenant's offer as `/v1` answers it (one statement), or undefined. */
export async function findOfferAnswer(db: Executor, tenant: Tenant, id: string, lang: Lang): Promise<OfferResponse | undefined> {
  const found = await findOfferWithExtras(db, tenant, id);
  return found && answerOf(found.record, found.extras, lang);
}
