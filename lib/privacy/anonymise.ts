import 'server-only';
import type { Executor } from '@/db/client';
import { deleteInvoiceDocumentsOf } from '@/db/repositories/purchase-order-invoices';
import { anonymiseOfferRows, readCopies, writeCopies, type CopyChanges, type PrivacyOffer, type StoredCopies } from '@/db/repositories/personal-data';
import { PERSONAL_DATA_MARKER, type Actor } from '@/lib/shared/model';
import { historyEntry, recordHistory } from '@/lib/offers/use-cases/history-entry';
import { differs, identityOf, scrubChanges, scrubText, scrubValue, type Identity } from './scrub';

// Anonymising and restricting offers (docs/privacy.md): every place the customer's data is stored
// changes in the caller's transaction, which holds the offers' locks (lockOffers,
// lockRetentionDue), so each offer is either fully anonymised or untouched.

/** History actions of these changes (the dealer's history says why the customer is gone). */
export const ANONYMISED_ACTION = 'personal_data_anonymised';
export const RESTRICTED_ACTION = 'personal_data_restricted';

/** How many records a run changed, by place. */
export type AnonymiseCounts = { offers: number; history: number; answers: number; mails: number; deliveries: number; attempts: number; requests: number; invoiceDocuments: number };

const customerActor = (actorType: string) => actorType === 'customer';

/** Each offer's identity: its customer's names and addresses now and in its history. */
function identities(offers: PrivacyOffer[], copies: StoredCopies): Map<string, Identity> {
  const names = new Map(offers.map((o) => [o.id, [o.customerName]]));
  const emails = new Map(offers.map((o) => [o.id, [o.customerEmail]]));
  for (const h of copies.history) {
    if (customerActor(h.actorType) && h.actorName) names.get(h.offerId)?.push(h.actorName);
    for (const c of h.changes) {
      const into = c.field === 'customerName' ? names : c.field === 'customerEmail' ? emails : undefined;
      for (const v of [c.old, c.new]) if (into && typeof v === 'string') into.get(h.offerId)?.push(v);
    }
  }
  for (const m of copies.mails) if (m.mailName && m.kind.startsWith('customer')) names.get(m.offerId)?.push(m.mailName);
  return new Map(offers.map((o) => [o.id, identityOf(names.get(o.id)!, emails.get(o.id)!)]));
}

/** The changes that take the identities out of the stored copies (only rows that change). */
function copyChanges(copies: StoredCopies, ids: Map<string, Identity>): CopyChanges {
  const of = (offerId: string) => ids.get(offerId)!;
  const answers = copies.answers
    .map((a) => ({ ...a, responseBody: scrubValue(a.responseBody, of(a.offerId)), before: a.responseBody }))
    .filter((a) => differs(a.before, a.responseBody))
    .map(({ dealerId, environment, key, responseBody }) => ({ dealerId, environment, key, responseBody }));
  const mails = copies.mails
    .map((m) => {
      const id = of(m.offerId);
      const toCustomer = id.emails.some((e) => e.toLowerCase() === m.mailTo.toLowerCase());
      return {
        id: m.id,
        mailTo: toCustomer ? PERSONAL_DATA_MARKER.customerEmail : m.mailTo,
        mailName: m.mailName === null ? null : scrubText(m.mailName, id),
        // A mail to the customer not sent yet is not sent any more.
        stop: toCustomer && m.mailNextAt !== null,
        before: m,
      };
    })
    .filter((m) => m.stop || m.mailTo !== m.before.mailTo || m.mailName !== m.before.mailName)
    .map(({ id, mailTo, mailName, stop }) => ({ id, mailTo, mailName, stop }));

  const history = copies.history
    .map((h) => {
      const id = of(h.offerId);
      const actorName = h.actorName === null ? null : customerActor(h.actorType) ? PERSONAL_DATA_MARKER.customerName : scrubText(h.actorName, id);
      return { id: h.id, actorName, changes: scrubChanges(h.changes, id), before: h };
    })
    .filter((h) => h.actorName !== h.before.actorName || differs(h.changes, h.before.changes))
    .map(({ id, actorName, changes }) => ({ id, actorName, changes }));
  const deliveries = copies.deliveries
    .map((d) => ({ id: d.id, data: scrubValue(d.data, of(d.offerId)), before: d.data }))
    .filter((d) => differs(d.data, d.before))
    .map(({ id, data }) => ({ id, data }));
  const attempts = copies.attempts
    .map((a) => ({ id: a.id, responseExcerpt: a.responseExcerpt === null ? null : scrubText(a.responseExcerpt, of(a.offerId)), before: a.responseExcerpt }))
    .filter((a) => a.responseExcerpt !== a.before)
    .map(({ id, responseExcerpt }) => ({ id, responseExcerpt }));
  const requests = copies.requests
    .map((r) => ({ id: r.id, reason: r.reason === null ? null : scrubValue(r.reason, of(r.offerId)), snapshot: scrubValue(r.snapshot, of(r.offerId)), before: r }))
    .filter((r) => differs(r.reason, r.before.reason) || differs(r.snapshot, r.before.snapshot))
    .map(({ id, reason, snapshot }) => ({ id, reason, snapshot }));
  return { history, answers, mails, deliveries, attempts, requests };
}

const countsOf = (offers: number, c: CopyChanges, invoiceDocuments = 0): AnonymiseCounts => ({
  offers,
  invoiceDocuments,
  history: c.history.length,
  answers: c.answers.length,
  mails: c.mails.length,
  deliveries: c.deliveries.length,
  attempts: c.attempts.length,
  requests: c.requests.length,
});

/**
 * Takes the customer's data out of every place it is stored for the locked offers, in the caller's
 * transaction, and writes a history entry on each by `actor`. `restrict` (a concluded order under
 * the retention duty): the name and address are kept aside, shown to no one, and the offer is
 * marked restricted; otherwise it is anonymised for good (a kept copy goes too). An anonymised
 * offer is left as it is, a restricted one is not restricted again: doing it twice changes nothing.
 * The offers' purchase orders hold nothing of the person but through the offer; their invoices are
 * the dealer's business records: kept while restricted, and when the offer is anonymised for good
 * (its retention period over) the invoice PDFs go, the invoice rows stay.
 */
export async function anonymiseOffers(tx: Executor, locked: PrivacyOffer[], actor: Actor, options: { restrict?: boolean } = {}): Promise<AnonymiseCounts> {
  const restrict = options.restrict ?? false;
  const offers = locked.filter((o) => o.anonymisedAt === null && !(restrict && o.restrictedAt !== null));
  if (offers.length === 0) return countsOf(0, { history: [], answers: [], mails: [], deliveries: [], attempts: [], requests: [] });
  const copies = await readCopies(
    tx,
    offers.map((o) => o.id),
  );
  const ids = identities(offers, copies);
  const changes = copyChanges(copies, ids);
  await anonymiseOfferRows(
    tx,
    offers.map((o) => ({ id: o.id, statusErrors: scrubValue(o.statusErrors, ids.get(o.id)!), statusInfos: scrubValue(o.statusInfos, ids.get(o.id)!) })),
    { restrict },
  );
  await writeCopies(tx, changes);
  const invoiceDocuments = restrict ? 0 : await deleteInvoiceDocumentsOf(tx, offers.map((o) => o.id));
  await recordHistory(
    tx,
    offers.map((o) => historyEntry(o.id, actor, restrict ? RESTRICTED_ACTION : ANONYMISED_ACTION, null, null, o.changeSeq)),
  );
  return countsOf(offers.length, changes, invoiceDocuments);
}
