import 'server-only';
import { getDb } from '@/lib/database';
import { findOffer } from '@/db/repositories/offers';
import { offerNumbersOf } from '@/db/repositories/work-queues';
import { findOfferOwner, offerHistoryForOperator, type OfferOwner } from '@/db/repositories/operator';
import { notFound } from '@/lib/api/errors';
import type { Lang } from '@/lib/i18n/messages';
import { cancelOffer } from '@/lib/offers/use-cases/cancel-offer';
import { reprocessOffer } from '@/lib/offers/use-cases/reprocess-offer';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import { applyStep } from '@/lib/offers/use-cases/transition-offer';
import { consoleTranslator } from '@/lib/console/i18n';
import { claimGuard } from './claims';
import { operatorActor, type Operator } from './operator';
import type { CancelBody, Reason, StepBody } from '@/lib/console/schemas';

// The operator's actions on one offer of any dealer. The offer's dealer and environment come
// from its row; from there on the same tenant-scoped domain functions run as for the dealer's own
// calls, with the operator as the actor of every history entry.

async function ownerOf(id: string): Promise<OfferOwner> {
  const owner = await findOfferOwner(getDb(), id);
  if (!owner) notFound();
  return owner;
}

/**
 * A decline reason as the dealer reads it, in each language: as written in the language it was
 * written in, and in the other language the same text marked with the language it is written in
 * ("Preis zu hoch. (written in German)"). Nothing is translated.
 */
export function reasonTexts(reason: Reason): { de: string; en: string } {
  const marked = (reader: Lang) =>
    reader === reason.lang ? reason.text : consoleTranslator(reader)(reason.lang === 'de' ? 'reasonWrittenInGerman' : 'reasonWrittenInEnglish', { text: reason.text });
  return { de: marked('de'), en: marked('en') };
}

/**
 * A change by an operator: refused while another operator holds the offer; the operator's own claim
 * ends with the change — checked and ended in the change's own transaction (claims.ts, claimGuard).
 */
export async function takeStep(operator: Operator, id: string, body: StepBody, lang: Lang): Promise<OfferResponse> {
  return applyStep(await ownerOf(id), operatorActor(operator), id, body.action, lang, {
    ...(body.reason ? { reason: reasonTexts(body.reason), reasonLang: body.reason.lang } : {}),
    onBehalfReason: body.onBehalfReason,
    guard: claimGuard(operator, id),
  });
}

export async function cancelAsOperator(operator: Operator, id: string, body: CancelBody, lang: Lang): Promise<OfferResponse> {
  return (await cancelOffer(await ownerOf(id), operatorActor(operator), id, body, lang, { guard: claimGuard(operator, id) })).body.data;
}

export async function reprocessAsOperator(operator: Operator, id: string, lang: Lang): Promise<OfferResponse> {
  return reprocessOffer(await ownerOf(id), operatorActor(operator), id, lang, claimGuard(operator, id));
}

export type OfferReview = {
  owner: OfferOwner;
  offer: OfferResponse;
  history: Awaited<ReturnType<typeof offerHistoryForOperator>>;
};

/** An offer's number (the page's title), if there is such an offer. */
export async function offerNumberOf(id: string): Promise<string | undefined> {
  return (await offerNumbersOf(getDb(), [id])).get(id);
}

/** Everything the review page shows of an offer, or null when there is no such offer. */
export async function offerReview(id: string, lang: Lang): Promise<OfferReview | null> {
  const db = getDb();
  const owner = await findOfferOwner(db, id);
  if (!owner) return null;
  const record = await findOffer(db, owner, id);
  if (!record) return null;
  return { owner, offer: await offerAnswer(db, record, lang), history: await offerHistoryForOperator(db, id) };
}
