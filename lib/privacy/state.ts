import 'server-only';
import { ApiError } from '@/lib/api/errors';
import { env } from '@/lib/env';
import { answerTexts } from '@/lib/i18n/messages';

// What an offer says about its customer's data (docs/privacy.md): nothing while it holds it;
// once anonymised, since when; while restricted, since when, why, and until when it is kept.

export type PersonalDataState =
  | { state: 'anonymised'; since: string }
  | { state: 'restricted'; since: string; reason: 'commercial_retention'; retainedUntil: string };

const DAY_MS = 86_400_000;

/** When a concluded order's retention period ends: its last change plus the ordered retention period. */
export const retainedUntil = (updatedAt: Date) => new Date(updatedAt.getTime() + env.retention.orderedDays * DAY_MS);

export function personalDataState(o: { anonymisedAt: Date | null; restrictedAt: Date | null; updatedAt: Date }): PersonalDataState | undefined {
  if (o.anonymisedAt) return { state: 'anonymised', since: o.anonymisedAt.toISOString() };
  if (o.restrictedAt) {
    return { state: 'restricted', since: o.restrictedAt.toISOString(), reason: 'commercial_retention', retainedUntil: retainedUntil(o.updatedAt).toISOString() };
  }
  return undefined;
}

/**
 * Refuses to reach an anonymised or restricted offer's customer (a link, a correction): there is
 * no customer any more to send to, and new data would escape the retention that ended it.
 */
export function assertHasCustomer(o: { anonymisedAt: Date | null; restrictedAt: Date | null }, attempted: 'link' | 'customer'): void {
  if (!o.anonymisedAt && !o.restrictedAt) return;
  throw new ApiError('OFFER_NOT_MODIFIABLE', {
    text: answerTexts.customerErased,
    details: `personalData: the customer data was ${o.anonymisedAt ? 'anonymised' : 'restricted'}; no ${attempted === 'link' ? 'customer link' : 'customer correction'} is possible.`,
  });
}
