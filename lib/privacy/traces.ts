import 'server-only';
import type { Executor } from '@/db/client';
import { readCopies, writeCopies, type CopyChanges, type PrivacyOffer, type StoredCopies } from '@/db/repositories/personal-data';
import { clearLinks, linksSentTo } from '@/db/repositories/personal-data-traces';
import { mailboxOf, PERSONAL_DATA_MARKER } from '@/lib/shared/model';
import { differs, identityOf, scrubText, type Identity } from './scrub';

// A former customer address's traces (docs/privacy.md, "A corrected address"): after the dealer
// corrected an offer's customer, the offer belongs to its customer now; the address it had holds
// only what was its own — the history's values of that address (and the name that went with it),
// the mails and links sent to it. Access hands over those, erasure takes out those; neither touches
// the offer's customer now.

type Change = { field: string; old?: unknown; new?: unknown };
type Side = 'old' | 'new';

const CUSTOMER_FIELDS = new Set(['customerEmail', 'customerName']);
const same = (a: unknown, e: string) => typeof a === 'string' && a.trim().toLowerCase() === e;

/** The sides (before, after) of a history entry on which the offer's customer address was `email`. */
function sidesOf(changes: Change[], email: string): Side[] {
  const e = email.trim().toLowerCase();
  const address = changes.find((c) => c.field === 'customerEmail');
  return address ? (['old', 'new'] as const).filter((side) => side in address && same(address[side], e)) : [];
}

/**
 * A history entry's changes as the address's trace: the customer's address and name on the sides
 * where the address was the customer's, nothing else (the offer's customer now is someone else's
 * data). Empty when the entry holds no trace of the address.
 */
export function tracedChanges(changes: Change[], email: string): Change[] {
  const sides = sidesOf(changes, email);
  if (sides.length === 0) return [];
  return changes
    .filter((c) => CUSTOMER_FIELDS.has(c.field))
    .map((c) => ({ field: c.field, ...Object.fromEntries(sides.filter((s) => s in c).map((s) => [s, c[s]])) }))
    .filter((c) => Object.keys(c).length > 1);
}

/** Whether a mail went to the address. */
export const mailedTo = (m: { mailTo?: string; to?: string }, email: string) => same(m.mailTo ?? m.to, email.trim().toLowerCase());

/**
 * The identity of a former address on an offer: the address, and the names that went with it in
 * the history — except the offer's customer's name now (the same person corrected, or a namesake:
 * either way, not the address's alone).
 */
function traceIdentity(offer: PrivacyOffer, copies: StoredCopies, email: string): Identity {
  const now = offer.customerName.trim().toLowerCase();
  const names = copies.history
    .filter((h) => h.offerId === offer.id)
    .flatMap((h) => tracedChanges(h.changes, email))
    .filter((c) => c.field === 'customerName')
    .flatMap((c) => [c.old, c.new])
    .filter((n): n is string => typeof n === 'string' && n.trim().toLowerCase() !== now);
  return identityOf(names, [email]);
}

/** A value with the identity's texts replaced, every other member left as it is (the offer's customer now stays). */
function scrubTraces<T>(value: T, id: Identity): T {
  if (typeof value === 'string') return scrubText(value, id) as T;
  if (Array.isArray(value)) return value.map((v) => scrubTraces(v, id)) as T;
  if (value === null || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, scrubTraces(v, id)])) as T;
}

/** The history entry's changes with the address (and its names) replaced by the markers on its sides. */
function erasedChanges<C extends Change>(changes: C[], email: string, id: Identity): C[] {
  const sides = sidesOf(changes, email);
  if (sides.length === 0) return changes;
  return changes.map((c) => {
    if (!CUSTOMER_FIELDS.has(c.field)) return c;
    const marker = c.field === 'customerEmail' ? PERSONAL_DATA_MARKER.customerEmail : PERSONAL_DATA_MARKER.customerName;
    const out: C = { ...c };
    for (const side of sides) if (side in c && (c.field === 'customerEmail' || id.names.some((n) => same(c[side], n.toLowerCase())))) out[side] = marker;
    return out;
  });
}

export type TraceCounts = { offers: number; history: number; mails: number; links: number; copies: number };

/**
 * Takes a former address's traces out of the locked offers, in the caller's transaction: its
 * values in the history, the mails to it (one not yet sent is not sent), its links (ended, the
 * recipient forgotten), and its texts in the stored answers, events and requests. The offers and
 * their customers now are left as they are.
 */
export async function eraseTraces(tx: Executor, locked: PrivacyOffer[], email: string): Promise<TraceCounts> {
  if (locked.length === 0) return { offers: 0, history: 0, mails: 0, links: 0, copies: 0 };
  const copies = await readCopies(
    tx,
    locked.map((o) => o.id),
  );
  const ids = new Map(locked.map((o) => [o.id, traceIdentity(o, copies, email)]));
  const of = (offerId: string) => ids.get(offerId)!;
  const changes: CopyChanges = {
    history: copies.history
      .map((h) => ({ id: h.id, actorName: h.actorName, changes: erasedChanges(h.changes, email, of(h.offerId)), before: h.changes }))
      .filter((h) => differs(h.changes, h.before))
      .map(({ id, actorName, changes }) => ({ id, actorName, changes })),
    mails: copies.mails
      .filter((m) => mailedTo(m, email))
      .map((m) => ({ id: m.id, mailTo: PERSONAL_DATA_MARKER.customerEmail, mailName: m.mailName === null ? null : scrubText(m.mailName, of(m.offerId)), stop: m.mailNextAt !== null })),
    answers: copies.answers
      .map((a) => ({ dealerId: a.dealerId, environment: a.environment, key: a.key, responseBody: scrubTraces(a.responseBody, of(a.offerId)), before: a.responseBody }))
      .filter((a) => differs(a.responseBody, a.before))
      .map(({ before: _, ...a }) => a),
    deliveries: copies.deliveries
      .map((d) => ({ id: d.id, data: scrubTraces(d.data, of(d.offerId)), before: d.data }))
      .filter((d) => differs(d.data, d.before))
      .map(({ id, data }) => ({ id, data })),
    attempts: copies.attempts
      .map((a) => ({ id: a.id, responseExcerpt: a.responseExcerpt === null ? null : scrubText(a.responseExcerpt, of(a.offerId)), before: a.responseExcerpt }))
      .filter((a) => a.responseExcerpt !== a.before)
      .map(({ id, responseExcerpt }) => ({ id, responseExcerpt })),
    requests: copies.requests
      .map((r) => ({ id: r.id, reason: scrubTraces(r.reason, of(r.offerId)), snapshot: scrubTraces(r.snapshot, of(r.offerId)), before: r }))
      .filter((r) => differs(r.reason, r.before.reason) || differs(r.snapshot, r.before.snapshot))
      .map(({ id, reason, snapshot }) => ({ id, reason, snapshot })),
  };
  await writeCopies(tx, changes);
  const links = await linksSentTo(
    tx,
    locked.map((o) => o.id),
    mailboxOf(email),
  );
  await clearLinks(
    tx,
    links.map((l) => l.id),
  );
  return {
    offers: locked.length,
    history: changes.history.length,
    mails: changes.mails.length,
    links: links.length,
    copies: changes.answers.length + changes.deliveries.length + changes.attempts.length + changes.requests.length,
  };
}
