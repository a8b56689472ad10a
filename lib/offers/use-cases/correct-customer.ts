import 'server-only';
import type { Executor } from '@/db/client';
import { findOffer } from '@/db/repositories/offers';
import { setOfferCustomer } from '@/db/repositories/offers-write';
import { notFound } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import { assertHasCustomer } from '@/lib/privacy/state';
import { warn } from '@/lib/api/warnings';
import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { historyEntry, recordHistory } from './history-entry';
import { idempotent, requestFingerprint } from './idempotent';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import { offerCustomerBodySchema } from '@/lib/offers/contract/schemas';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import { assertModifiable } from './update-offer';

const collapse = (s: string) => s.trim().replace(/\s+/g, ' ');

/**
 * Corrects the customer's name and e-mail of an offer that is not yet part of an order (draft or
 * rejected; 406 while pending, 409 from order_journey_started on). A new e-mail puts the offer back
 * to `pending`: its checks (the employer's policy) depend on it; a new name alone does not. Writes
 * a history entry (`customer_changed`) and the event `offer.customer_changed`. Nothing new: the
 * offer as it is, with NO_CHANGE.
 */
export async function correctCustomer(
  principal: Principal,
  id: string,
  raw: unknown,
  lang: Lang,
  idempotencyKey?: string,
): Promise<{ status: 200; body: { data: OfferResponse; meta: Record<string, never> }; replayed: boolean; text: string }> {
  const body = parseOrThrow(offerCustomerBodySchema, raw);
  const next = { customerName: collapse(body.customerName), customerEmail: body.customerEmail.trim() };
  const write = async (tx: Executor) => {
    const old = await findOffer(tx, principal, id, { lock: true });
    if (!old) notFound();
    assertModifiable(old, id, 'customer');
    assertHasCustomer(old, 'customer');
    const changes = (['customerName', 'customerEmail'] as const).filter((f) => old[f] !== next[f]).map((field) => ({ field, old: old[field], new: next[field] }));
    if (changes.length === 0) {
      warn('NO_CHANGE', {}, { status: old.status });
      return { status: 200 as const, body: { data: await offerAnswer(tx, old, lang), meta: {} } };
    }
    const recheck = old.customerEmail.toLowerCase() !== next.customerEmail.toLowerCase();
    const from = old.status as OfferStatus;
    await setOfferCustomer(tx, principal, id, next, recheck);
    await recordHistory(tx, [historyEntry(id, principal.actor, 'customer_changed', from, recheck ? 'pending' : from, old.changeSeq + (recheck ? 1 : 0), changes)]);
    return { status: 200 as const, body: { data: await offerAnswer(tx, (await findOffer(tx, principal, id))!, lang), meta: {} } };
  };
  const fingerprint = idempotencyKey ? requestFingerprint({ operation: 'correctOfferCustomer', id, body: raw }) : '';
  return idempotent(principal, idempotencyKey, fingerprint, write);
}
