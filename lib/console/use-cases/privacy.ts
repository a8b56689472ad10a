import 'server-only';
import { lockOffers, type PrivacyOffer } from '@/db/repositories/personal-data';
import { linksSentTo, offersOfAddress } from '@/db/repositories/personal-data-traces';
import {
  customerOffers,
  customerRecords,
  deleteEmployeeRegistrations,
  employeeRegistrations,
  insertPrivacyRequest,
  listPrivacyRequests,
  type PrivacyRequestRow,
} from '@/db/repositories/privacy-requests';
import type { PrivacyRequestBody } from '@/lib/console/schemas';
import { countInvoicesOf } from '@/db/repositories/purchase-order-invoices';
import { getDb } from '@/lib/database';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import { env } from '@/lib/env';
import type { Lang } from '@/lib/i18n/messages';
import { serializeOffer } from '@/lib/offers/contract/serialize';
import { recordPersonalData } from '@/lib/ops/metrics';
import { anonymiseOffers, type AnonymiseCounts } from '@/lib/privacy/anonymise';
import { personalDataState, retainedUntil } from '@/lib/privacy/state';
import { eraseTraces, mailedTo, tracedChanges, type TraceCounts } from '@/lib/privacy/traces';
import { mailboxOf } from '@/lib/shared/model';
import { operatorActor, type Operator } from './operator';

// The operator's answers to a customer's data-protection requests (docs/privacy.md): find what is
// stored under an address across every dealer and employer, hand it over (JSON, PDF), erase it.
// Exports and erasures are written to the audit log with the request's date and reference and
// their counts — never the address or anything erased. An offer whose customer was corrected away
// from the address belongs to its customer now: for the address it holds only traces (the history's
// values of the address, the mails and links sent to it), handed over and erased alone.

const DAY_MS = 86_400_000;

/** What an erasure does with an offer: anonymise it, keep it restricted (a concluded order in its period), or nothing (done before). */
export type ErasureOutcome = 'anonymise' | 'restrict' | 'none';

function erasureOutcome(o: { status: string; updatedAt: Date; anonymisedAt: Date | null; restrictedAt: Date | null }, now = Date.now()): ErasureOutcome {
  if (o.anonymisedAt) return 'none';
  const inRetention = o.status === 'done' && o.updatedAt.getTime() > now - env.retention.orderedDays * DAY_MS;
  if (inRetention) return o.restrictedAt ? 'none' : 'restrict';
  return 'anonymise';
}

const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

/**
 * What is stored under the address: the offers (with their records) and the employers'
 * registrations. The search is written to the audit log like an export (`search`, today's date,
 * the reference when the operator gave one, the number of records found) — never the address.
 */
export async function findCustomer(operator: Operator, email: string, reference?: string) {
  const db = getDb();
  const { owned: ids, former } = await offersOfAddress(db, email);
  const [offers, records, registrations] = [await customerOffers(db, ids), await customerRecords(db, ids), await employeeRegistrations(db, email)];
  const traces = await formerTraces(email, former);
  const countOf = (rows: { offerId: string }[], id: string) => rows.filter((r) => r.offerId === id).length;
  await insertPrivacyRequest(db, {
    actorId: operator.id,
    actorName: operator.name,
    action: 'search',
    requestDate: berlinToday(),
    requestReference: reference ?? '',
    records: offers.length + registrations.length + traces.length,
  });
  return {
    registrations,
    /** Offers the address was corrected away from: only the counts of its traces, nothing of their customer now. */
    traces: traces.map((t) => ({
      id: t.id,
      offerNumber: t.offerNumber,
      dealer: t.dealer,
      environment: t.environment,
      counts: { history: t.history.length, mails: t.mails.length, customerLinks: t.customerLinks.length },
    })),
    offers: offers.map((o) => ({
      id: o.id,
      offerNumber: o.offerNumber,
      externalOfferId: o.externalOfferId,
      dealer: o.dealerName,
      environment: o.environment,
      status: o.status,
      createdAt: o.createdAt.toISOString(),
      updatedAt: o.updatedAt.toISOString(),
      totalPriceGross: Number(o.totalPriceGross),
      customer: { name: o.keptName ?? o.customerName, email: o.keptEmail ?? o.customerEmail },
      employer: records.requests.find((r) => r.offerId === o.id)?.employer ?? null,
      personalData: personalDataState(o) ?? null,
      erasure: erasureOutcome(o),
      /** When a concluded order's retention period ends (restricted until then on erasure). */
      retainedUntil: o.status === 'done' ? retainedUntil(o.updatedAt).toISOString() : null,
      counts: {
        history: countOf(records.history, o.id),
        mails: countOf(records.mails, o.id),
        webhookEvents: countOf(records.deliveries, o.id),
        employerRequests: countOf(records.requests, o.id),
      },
    })),
  };
}

export type CustomerFindings = Awaited<ReturnType<typeof findCustomer>>;

/**
 * Everything stored about the customer, as the file handed to them: every offer under the address
 * with its history, mails, webhook events, employer requests and links, and the employers'
 * registrations. Staff names are left out (they are other people's data); the customer's own
 * steps are named as theirs.
 */
async function customerData(email: string, lang: Lang) {
  const db = getDb();
  const { owned: ids, former } = await offersOfAddress(db, email);
  const offers = await customerOffers(db, ids);
  const records = await customerRecords(db, ids);
  const of = <T extends { offerId: string }>(rows: T[], id: string) => rows.filter((r) => r.offerId === id).map(({ offerId: _, ...rest }) => rest);
  return {
    email: email.trim().toLowerCase(),
    employers: await employeeRegistrations(db, email),
    offers: offers.map((o) => {
      const { customerName: _n, customerEmail: _e, ...offer } = serializeOffer(o, lang);
      return {
        dealer: o.dealerName,
        customer: { name: o.keptName ?? o.customerName, email: o.keptEmail ?? o.customerEmail },
        ...offer,
        history: of(records.history, o.id).map((h) => ({
          occurredAt: h.occurredAt.toISOString(),
          actor: h.actorType,
          ...(h.actorType === 'customer' && h.actorName ? { actorName: h.actorName } : {}),
          action: h.action,
          fromStatus: h.fromStatus,
          toStatus: h.toStatus,
          changes: h.changes,
        })),
        mails: of(records.mails, o.id).filter((m) => m.kind.startsWith('customer')),
        webhookEvents: of(records.deliveries, o.id),
        employerRequests: of(records.requests, o.id),
        customerLinks: of(records.links, o.id),
      };
    }),
    /** Where the address was an offer's customer address before a correction: its traces only. */
    formerAddress: (await formerTraces(email, former)).map(({ id: _, offerNumber: _n, environment: _e, ...trace }) => trace),
  };
}

/**
 * The traces of the address in offers it was corrected away from: the history entries' values of
 * the address (and the name that went with it), the mails and links sent to it — by offer, with its
 * dealer; nothing of the offer or its customer now.
 */
async function formerTraces(email: string, ids: string[]) {
  const db = getDb();
  const [offers, records, links] = [await customerOffers(db, ids), await customerRecords(db, ids), await linksSentTo(db, ids, mailboxOf(email))];
  return offers.map((o) => ({
    id: o.id,
    offerNumber: o.offerNumber,
    environment: o.environment,
    dealer: o.dealerName,
    history: records.history
      .filter((h) => h.offerId === o.id)
      .map((h) => ({ occurredAt: h.occurredAt.toISOString(), action: h.action, changes: tracedChanges(h.changes, email) }))
      .filter((h) => h.changes.length > 0),
    mails: records.mails.filter((m) => m.offerId === o.id && mailedTo(m, email)).map((m) => ({ kind: m.kind, to: m.to, createdAt: m.createdAt, sentAt: m.sentAt })),
    customerLinks: links.filter((l) => l.offerId === o.id).map((l) => ({ createdAt: l.createdAt, expiresAt: l.expiresAt, endedAt: l.endedAt })),
  }));
}

export type CustomerData = Awaited<ReturnType<typeof customerData>>;

const recordsOf = (data: CustomerData) =>
  data.employers.length +
  data.offers.reduce((n, o) => n + 1 + o.history.length + o.mails.length + o.webhookEvents.length + o.employerRequests.length + o.customerLinks.length, 0) +
  data.formerAddress.reduce((n, t) => n + t.history.length + t.mails.length + t.customerLinks.length, 0);

/** The customer's data for an access request (Art. 15 GDPR), recorded in the audit log. */
export async function exportCustomer(operator: Operator, request: PrivacyRequestBody, lang: Lang): Promise<{ data: CustomerData; request: PrivacyRequestRow }> {
  const data = await customerData(request.email, lang);
  const row = await insertPrivacyRequest(getDb(), {
    actorId: operator.id,
    actorName: operator.name,
    action: 'access',
    requestDate: request.requestDate,
    requestReference: request.reference,
    records: recordsOf(data),
  });
  return { data, request: row };
}

/** `invoicesKept`: the invoices of restricted orders, kept as the dealer's records; `notice` says so in the operator's language. */
export type ErasureResult = { request: PrivacyRequestRow; anonymised: AnonymiseCounts; restricted: AnonymiseCounts; traces: TraceCounts; registrations: number; invoicesKept: number; notice: string | null };

/**
 * Erases the customer (Art. 17 GDPR) in one transaction: every offer under the address is
 * anonymised, except concluded orders within their retention period, which are restricted; the
 * employers' registrations of the address go; in offers corrected away from the address, only its
 * traces go (the offer and its customer now stay). Recorded in the audit log with the counts. A
 * second erasure finds only the restricted orders and changes nothing. A restricted order's
 * invoices stay (the dealer's business records, their PDFs too); the answer says so in `lang`.
 */
export async function eraseCustomer(operator: Operator, request: PrivacyRequestBody, lang: Lang = 'de'): Promise<ErasureResult> {
  const actor = operatorActor(operator);
  const result = await getDb().transaction(async (tx) => {
    const { owned, former } = await offersOfAddress(tx, request.email);
    const all = await lockOffers(tx, [...owned, ...former]);
    const locked = all.filter((o) => owned.includes(o.id));
    const by = (outcome: ErasureOutcome) => locked.filter((o: PrivacyOffer) => erasureOutcome(o) === outcome);
    const restricting = by('restrict');
    const restricted = await anonymiseOffers(tx, restricting, actor, { restrict: true });
    const invoicesKept = await countInvoicesOf(tx, restricting.map((o) => o.id));
    const anonymised = await anonymiseOffers(tx, by('anonymise'), actor);
    const traces = await eraseTraces(
      tx,
      all.filter((o) => former.includes(o.id)),
      request.email,
    );
    const registrations = await deleteEmployeeRegistrations(tx, request.email);
    const sum = (c: Record<string, number>) => Object.values(c).reduce((a, b) => a + b, 0);
    const row = await insertPrivacyRequest(tx, {
      actorId: operator.id,
      actorName: operator.name,
      action: 'erasure',
      requestDate: request.requestDate,
      requestReference: request.reference,
      offersAnonymised: anonymised.offers,
      offersRestricted: restricted.offers,
      records: sum(anonymised) + sum(restricted) + sum(traces) - traces.offers + registrations,
    });
    return { request: row, anonymised, restricted, traces, registrations, invoicesKept };
  });
  recordPersonalData('erasure', { anonymised: result.anonymised.offers, restricted: result.restricted.offers });
  const notice = result.invoicesKept > 0 ? catalogueTranslator(lang)('console.privacyInvoicesKept', { count: result.invoicesKept }) : null;
  return { ...result, notice };
}

/** The audit log, newest first. */
export async function privacyRequestLog(limit = 50): Promise<PrivacyRequestRow[]> {
  return listPrivacyRequests(getDb(), limit);
}
