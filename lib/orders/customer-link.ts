import 'server-only';
import { assertHasCustomer } from '@/lib/privacy/state';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import { findCustomerLink, findOfferForCustomer, insertCustomerLink, type CustomerLinkRow } from '@/db/repositories/customer-links';
import { insertCustomerMail } from '@/db/repositories/notifications';
import { findOffer, type OfferRecord } from '@/db/repositories/offers';
import { getDb } from '@/lib/database';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { historyEntry, recordHistory } from '@/lib/offers/history-entry';
import { FINAL_STATUSES, type OfferStatus } from '@/lib/offers/lifecycle';
import { consume, createLimiter, isBlocked } from '@/lib/rate-limit';

// The customer's link to an offer (docs/decisions.md, "The customer link"): a random 256-bit token,
// of which only the SHA-256 is stored, mailed to the offer's customer through the outbox. It works
// while it is the offer's newest link, the offer is at the change it was sent for and not final,
// and its lifetime (CUSTOMER_LINK_TTL_DAYS) has not passed. It opens that one offer's page and its
// two order steps, nothing else.

/** The statuses in which the dealer may send the link: the customer's part is still open. */
export const LINK_SEND_STATUSES: readonly OfferStatus[] = ['draft', 'order_journey_started'];
/** The statuses in which the customer may ask for a fresh link (the QR code of the offer document). */
const LINK_REQUEST_STATUSES: readonly OfferStatus[] = ['draft', 'order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'rejected'];

const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export const linkTokenHash = (token: string) => createHash('sha256').update(token).digest('hex');
export const customerLinkUrl = (token: string) => `${env.publicUrl}/order/${token}`;
/** The page the offer document's QR code opens: it mails a fresh link to the offer's customer. */
export const linkRequestUrl = (offerId: string) => `${env.publicUrl}/order/link?offer=${offerId}`;

export type CustomerLinkSent = { offerId: string; url: string; expiresAt: string; sentTo: string };

/** A new link of a locked offer, mailed to its customer in the caller's transaction. */
async function issueLink(tx: Executor, offer: OfferRecord): Promise<CustomerLinkSent> {
  const token = randomBytes(32).toString('base64url');
  const url = customerLinkUrl(token);
  const link = await insertCustomerLink(tx, {
    offerId: offer.id,
    tokenHash: linkTokenHash(token),
    changeSeq: offer.changeSeq,
    ttlSeconds: env.customerLinkTtlDays * 24 * 60 * 60,
  });
  await insertCustomerMail(tx, { kind: 'customer_link', offerId: offer.id, mailTo: offer.customerEmail, name: offer.customerName, link: url });
  return { offerId: offer.id, url, expiresAt: link.expiresAt.toISOString(), sentTo: offer.customerEmail };
}

/**
 * The dealer sends the offer to its customer (the portal's button, POST /v1/offers/{id}/customer-link):
 * a new link, mailed; an older link of the offer stops working. 409 outside draft and
 * order_journey_started.
 */
export async function sendCustomerLink(tenant: Tenant, actor: Actor, id: string): Promise<CustomerLinkSent> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    assertHasCustomer(offer, 'link');
    const status = offer.status as OfferStatus;
    if (!LINK_SEND_STATUSES.includes(status)) {
      throw new ApiError('OFFER_NOT_MODIFIABLE', {
        text: {
          de: `Ein Angebot im Status „${status}“ kann nicht an die Kundin oder den Kunden geschickt werden; nur in draft und order_journey_started.`,
          en: `An offer in status ${status} cannot be sent to its customer; only in draft and order_journey_started.`,
        },
        details: `status ${status}: the customer link can be sent in ${LINK_SEND_STATUSES.join(' or ')} only.`,
      });
    }
    const sent = await issueLink(tx, offer);
    await recordHistory(tx, [historyEntry(offer.id, actor, 'customer_link_sent', null, null, offer.changeSeq)]);
    return sent;
  });
}

// Asking for a fresh link: a few per address and per offer an hour; beyond, the same answer and nothing sent.
const requestsPerAddress = createLimiter({ keyPrefix: 'rl:customer-link:request:addr', points: 5, duration: 60 * 60 });
const requestsPerOffer = createLimiter({ keyPrefix: 'rl:customer-link:request:offer', points: 3, duration: 60 * 60 });

const LINK_REQUEST_ACTOR: Actor = { type: 'system', id: 'customer-link-request', name: 'Spoke' };

/**
 * The QR code's page: mails a fresh link to the offer's customer when `email` is the offer's
 * customer e-mail and the offer is open. The caller answers the same whatever happened, so the
 * page tells nobody whether an offer or an e-mail exists.
 */
export async function requestCustomerLink(offerIdInput: unknown, emailInput: unknown, address: string): Promise<void> {
  const offerId = typeof offerIdInput === 'string' ? offerIdInput.trim().toLowerCase() : '';
  const email = typeof emailInput === 'string' ? emailInput.trim().toLowerCase() : '';
  if (!email || email.length > 255 || !email.includes('@')) {
    throw new ApiError('INVALID_PARAMETER', {
      text: { de: 'Bitte geben Sie eine E-Mail-Adresse ein.', en: 'Please enter an e-mail address.' },
      details: 'email',
    });
  }
  const [byAddress, byOffer] = [await consume(requestsPerAddress, address), await consume(requestsPerOffer, offerId)];
  if (!byAddress.allowed || !byOffer.allowed || !/^[0-9a-f-]{36}$/.test(offerId)) return;
  const owner = await findOfferForCustomer(getDb(), offerId);
  if (!owner || owner.customerEmail.toLowerCase() !== email) return;
  await getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, owner, offerId, { lock: true });
    if (!offer || !LINK_REQUEST_STATUSES.includes(offer.status as OfferStatus) || offer.anonymisedAt || offer.restrictedAt) return;
    await issueLink(tx, offer);
    await recordHistory(tx, [historyEntry(offer.id, LINK_REQUEST_ACTOR, 'customer_link_requested', null, null, offer.changeSeq)]);
  });
  logger.info({ offerId }, 'customer link sent on request');
}

// Link pages and their steps: a page's worth of requests per address a minute, and few unknown
// tokens — after those, every link answers "too many attempts" to that address for a while.
const linkRequests = createLimiter({ keyPrefix: 'rl:customer-link:addr', points: 60, duration: 60 });
const linkMisses = createLimiter({ keyPrefix: 'rl:customer-link:miss', points: 10, duration: 15 * 60 });

/** Why a link does not (or no longer) open its offer. */
export type LinkEnd = 'unknown' | 'replaced' | 'changed' | 'done' | 'canceled' | 'expired' | 'throttled';
/** The ends of a link that no longer works: its page answers 404 (unknown) or 410 (gone), with a way forward. */
export const ENDED_LINKS = ['unknown', 'replaced', 'changed', 'done', 'canceled', 'expired'] as const satisfies readonly LinkEnd[];
export type EndedLink = (typeof ENDED_LINKS)[number];
/** Whether the customer may ask for a fresh link to an offer in `status` (the QR code's page). */
export const mayRequestLink = (status: OfferStatus) => LINK_REQUEST_STATUSES.includes(status);

export type OpenLink = { link: CustomerLinkRow; offer: OfferRecord };

/**
 * The offer of a customer's link, read in `db` (locked when asked), or why there is none. Counts
 * the request against the address's limits first.
 */
export async function openCustomerLink(db: Executor, token: unknown, address: string, options: { lock?: boolean } = {}): Promise<OpenLink | { end: LinkEnd; offerId?: string }> {
  const [counted, blocked] = [await consume(linkRequests, address), await isBlocked(linkMisses, address)];
  if (!counted.allowed || blocked) return { end: 'throttled' };
  const link = typeof token === 'string' && TOKEN_PATTERN.test(token) ? await findCustomerLink(db, linkTokenHash(token)) : undefined;
  if (!link) {
    await consume(linkMisses, address);
    return { end: 'unknown' };
  }
  const offer = await findOffer(db, link, link.offerId, { lock: options.lock });
  if (!offer) return { end: 'unknown' };
  const status = offer.status as OfferStatus;
  const offerId = offer.id;
  if (FINAL_STATUSES.includes(status)) return { end: status === 'done' ? 'done' : 'canceled', offerId };
  if (link.replaced) return { end: 'replaced', offerId };
  if (offer.changeSeq !== link.changeSeq) return { end: 'changed', offerId };
  if (link.expired) return { end: 'expired', offerId };
  return { link, offer };
}
