import 'server-only';
import { assertHasCustomer } from '@/lib/privacy/state';
import { createHash, randomBytes } from 'node:crypto';
import type { Executor } from '@/db/client';
import { findCustomerLink, findOfferForCustomer, insertCustomerLink, latestCustomerLink, linkWindows, lockRecipient, type CustomerLinkRow } from '@/db/repositories/customer-links';
import { insertCustomerMail } from '@/db/repositories/notifications';
import { findOffer, type OfferRecord } from '@/db/repositories/offers';
import { getDb } from '@/lib/database';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { historyEntry, recordHistory } from '@/lib/offers/use-cases/history-entry';
import { FINAL_STATUSES, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { consume, createLimiter, isBlocked, rateLimitHeaders } from '@/lib/rate-limit';
import { format, type Text } from '@/lib/i18n/messages';
import { mailboxOf } from '@/lib/shared/model';
import { orderTexts } from './texts';
import { awaitsHandover, newPickupCodeInTransaction } from '@/lib/purchase-orders/use-cases/pickup-codes';

// The customer's link to an offer (docs/decisions.md, "The customer link"): a random 256-bit token,
// of which only the SHA-256 is stored, mailed to a production offer's customer through the outbox
// (a sandbox offer's is given to the dealer instead), at most 3 per offer and 5 per dealer and
// mailbox an hour, 10 per mailbox across dealers (production only). It works
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

/**
 * What the dealer is told of a sent link: to whom and when, and until when it works. The link
 * itself only for a sandbox offer (nobody real is mailed; the dealer walks the customer's pages):
 * a production link is the customer's alone.
 */
export type CustomerLinkSent = { offerId: string; mailed: boolean; sentTo: string; sentAt: string; expiresAt: string; url?: string };

/** The newest link the dealer sent for its offer, and whether it still opens the offer (the portal's next step); null: none sent. */
export type CustomerLinkState = { sentTo: string | null; sentAt: string; expiresAt: string; working: boolean } | null;

export async function customerLinkState(tenant: Tenant, offerId: string): Promise<CustomerLinkState> {
  const db = getDb();
  if (!(await findOffer(db, tenant, offerId))) notFound();
  const link = await latestCustomerLink(db, tenant, offerId);
  return link ? { sentTo: link.sentTo, sentAt: link.sentAt.toISOString(), expiresAt: link.expiresAt.toISOString(), working: link.working } : null;
}

/**
 * The hourly quotas of production links: per offer, per dealer and mailbox (a sub-address is its
 * mailbox), and a ceiling per mailbox across every dealer. A sandbox link is mailed to nobody and
 * counts toward nothing.
 */
export const LINKS_PER_OFFER_HOUR = 3;
export const LINKS_PER_RECIPIENT_HOUR = 5;
export const LINKS_PER_MAILBOX_HOUR = 10;

function quotaExceeded(text: Text, limit: number, retryAfterSeconds: number): never {
  throw new ApiError('TOO_MANY_REQUESTS', {
    text: format(text, { limit, minutes: Math.max(1, Math.ceil(retryAfterSeconds / 60)) }),
    details: `at most ${LINKS_PER_OFFER_HOUR} links per offer and ${LINKS_PER_RECIPIENT_HOUR} per recipient an hour from one dealer; retry after ${retryAfterSeconds} s.`,
    headers: rateLimitHeaders({ allowed: false, limit, remaining: 0, resetSeconds: retryAfterSeconds }),
  });
}

/**
 * The mailbox's ceiling across dealers is reached. The answer says nothing of the other dealers'
 * sends — neither how many nor when: the limit is the published ceiling, the wait the whole hour.
 */
function ceilingReached(): never {
  throw new ApiError('TOO_MANY_REQUESTS', {
    text: orderTexts.linkQuotaMailbox,
    details: 'this e-mail address takes no further links for now; retry later.',
    headers: rateLimitHeaders({ allowed: false, limit: LINKS_PER_MAILBOX_HOUR, remaining: 0, resetSeconds: 60 * 60 }),
  });
}

/** Refuses (429 with Retry-After) a production link beyond the hour's quotas; in the caller's transaction, the offer locked. */
async function assertQuota(tx: Executor, offer: OfferRecord): Promise<void> {
  const mailbox = mailboxOf(offer.customerEmail);
  await lockRecipient(tx, mailbox);
  const used = await linkWindows(
    tx,
    { offerId: offer.id, dealerId: offer.dealerId, mailbox },
    { offer: LINKS_PER_OFFER_HOUR, dealer: LINKS_PER_RECIPIENT_HOUR, all: LINKS_PER_MAILBOX_HOUR },
  );
  if (used.offer.count >= LINKS_PER_OFFER_HOUR) quotaExceeded(orderTexts.linkQuotaOffer, LINKS_PER_OFFER_HOUR, used.offer.retryAfterSeconds);
  if (used.dealer.count >= LINKS_PER_RECIPIENT_HOUR) quotaExceeded(orderTexts.linkQuotaRecipient, LINKS_PER_RECIPIENT_HOUR, used.dealer.retryAfterSeconds);
  if (used.all.count >= LINKS_PER_MAILBOX_HOUR) ceilingReached();
}

/**
 * A new link of a locked offer, in the caller's transaction: mailed to a production offer's
 * customer; a sandbox offer's is mailed to nobody. The answer for the dealer, and the link.
 */
async function issueLink(tx: Executor, offer: OfferRecord, options: { quota: boolean }): Promise<{ sent: CustomerLinkSent; url: string }> {
  const sandbox = offer.environment === 'sandbox';
  if (options.quota && !sandbox) await assertQuota(tx, offer);
  const token = randomBytes(32).toString('base64url');
  const url = customerLinkUrl(token);
  const link = await insertCustomerLink(tx, {
    offerId: offer.id,
    tokenHash: linkTokenHash(token),
    changeSeq: offer.changeSeq,
    ttlSeconds: env.customerLinkTtlDays * 24 * 60 * 60,
    sentTo: sandbox ? null : mailboxOf(offer.customerEmail),
  });
  if (!sandbox) await insertCustomerMail(tx, { kind: 'customer_link', offerId: offer.id, mailTo: offer.customerEmail, name: offer.customerName, link: url });
  const sent: CustomerLinkSent = {
    offerId: offer.id,
    mailed: !sandbox,
    sentTo: offer.customerEmail,
    sentAt: link.createdAt.toISOString(),
    expiresAt: link.expiresAt.toISOString(),
    ...(sandbox ? { url } : {}),
  };
  return { sent, url };
}

/**
 * The dealer sends the offer to its customer (the portal's button, POST /v1/offers/{id}/customer-link):
 * a new link; an older link of the offer stops working. 409 outside draft and
 * order_journey_started, 429 beyond the quotas. The link itself is in `url` for the seed of the
 * lived-in demo (`quota: false`: it writes months of sends at once); answers take `sent`.
 */
export async function issueCustomerLink(tenant: Tenant, actor: Actor, id: string, options: { quota?: boolean } = {}): Promise<{ sent: CustomerLinkSent; url: string }> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, tenant, id, { lock: true });
    if (!offer) notFound();
    assertHasCustomer(offer, 'link');
    const status = offer.status as OfferStatus;
    if (!LINK_SEND_STATUSES.includes(status)) {
      throw new ApiError('OFFER_NOT_MODIFIABLE', {
        text: format(orderTexts.linkNotSendable, { status }),
        details: `status ${status}: the customer link can be sent in ${LINK_SEND_STATUSES.join(' or ')} only.`,
      });
    }
    const issued = await issueLink(tx, offer, { quota: options.quota !== false });
    await recordHistory(tx, [historyEntry(offer.id, actor, 'customer_link_sent', null, null, offer.changeSeq)]);
    return issued;
  });
}

/** The dealer's send (API, portal): what the dealer is told — never a production offer's link. */
export async function sendCustomerLink(tenant: Tenant, actor: Actor, id: string): Promise<CustomerLinkSent> {
  return (await issueCustomerLink(tenant, actor, id)).sent;
}

// Asking for a fresh link: a few attempts per address and per offer an hour, whatever was typed
// (the answer to too many says nothing of the offer); the sent links' quotas on top.
const requestsPerAddress = createLimiter({ keyPrefix: 'rl:customer-link:request:addr', points: 10, duration: 60 * 60 });
const requestsPerOffer = createLimiter({ keyPrefix: 'rl:customer-link:request:offer', points: 10, duration: 60 * 60 });

const LINK_REQUEST_ACTOR: Actor = { type: 'system', id: 'customer-link-request', name: 'Spoke' };

/**
 * The QR code's page: mails a fresh link to the offer's customer when `email` is the offer's
 * customer e-mail and the production offer is open — or, once it is done and its bicycle awaits
 * the handover, a new pickup code (the old one stops working, its wrong tries start again). The caller answers the same whatever happened,
 * so the page tells nobody whether an offer or an e-mail exists — except 429 (with Retry-After)
 * for too many attempts, or when the customer's own quotas are used up.
 */
export async function requestCustomerLink(offerIdInput: unknown, emailInput: unknown, address: string): Promise<void> {
  const offerId = typeof offerIdInput === 'string' ? offerIdInput.trim().toLowerCase() : '';
  const email = typeof emailInput === 'string' ? emailInput.trim().toLowerCase() : '';
  if (!email || email.length > 255 || !email.includes('@')) {
    throw new ApiError('INVALID_PARAMETER', { text: orderTexts.emailRequired, details: 'email' });
  }
  for (const [limiter, key] of [
    [requestsPerAddress, address],
    [requestsPerOffer, offerId],
  ] as const) {
    const used = await consume(limiter, key);
    if (!used.allowed) {
      throw new ApiError('TOO_MANY_REQUESTS', { text: orderTexts.linkRequestsThrottled, details: 'link requests', headers: rateLimitHeaders(used) });
    }
  }
  if (!/^[0-9a-f-]{36}$/.test(offerId)) return;
  const owner = await findOfferForCustomer(getDb(), offerId);
  // A sandbox offer's customer is nobody real: nothing is mailed.
  if (!owner || owner.environment !== 'production' || owner.customerEmail.toLowerCase() !== email) return;
  await getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, owner, offerId, { lock: true });
    if (!offer || offer.anonymisedAt || offer.restrictedAt) return;
    // A done offer whose bicycle waits at the dealer: a new pickup code instead of a link (the old code ends).
    if (offer.status === 'done' && (await awaitsHandover(tx, owner, offer.id))) {
      await assertQuota(tx, offer);
      await newPickupCodeInTransaction(tx, owner, offer, LINK_REQUEST_ACTOR);
      return;
    }
    if (!LINK_REQUEST_STATUSES.includes(offer.status as OfferStatus)) return;
    await issueLink(tx, offer, { quota: true });
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
