import 'server-only';
import type { StoredStatusEntry } from '@/db/schema';
import { errorDocsUrl } from '@/lib/api/error-reference';
import { declinedStatusTexts, formatFirst, statusEntryTexts, statusTexts, stepActorTexts, type Lang, type Text } from '@/lib/i18n/messages';
import { nextSteps, stepActor, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import type { StatusMessage, StatusObject, StatusStep } from './response-schemas';

// The status object's types are those of its schema (lib/offers/response-schemas.ts).
export type { StatusMessage, StatusObject, StatusStep };

function statusMessage(status: OfferStatus, lang: Lang): StatusStep {
  const text = statusTexts[status];
  return { code: status, message: text[lang], translations: text };
}

/** A status that may follow `from`, with who takes that step. */
function nextStep(from: OfferStatus, to: OfferStatus, lang: Lang): StatusStep {
  const actor = stepActor(from, to);
  if (!actor) return statusMessage(to, lang);
  const text = stepActorTexts[actor];
  return { ...statusMessage(to, lang), actor: { code: actor, message: text[lang], translations: text } };
}

export function entryText(entry: StoredStatusEntry): Text {
  if (entry.text) return entry.text;
  const template = statusEntryTexts[entry.code as keyof typeof statusEntryTexts];
  const bare = { de: entry.code, en: entry.code };
  // An entry stored without a value its text needs is shown by its code, never with a bare `{name}`.
  return template ? formatFirst([template, bare], { ...entry.params, ...(entry.field ? { field: entry.field } : {}) }) : bare;
}

export function renderEntry(entry: StoredStatusEntry, lang: Lang): StatusMessage {
  const text = entryText(entry);
  return { code: entry.code, ...(entry.field ? { field: entry.field } : {}), message: text[lang], translations: text, docs: errorDocsUrl(entry.code) };
}

/**
 * The status object of the spec: current status, what may follow, errors to fix, infos to show.
 * A rejection by the employer's or the operator's decision says so, with its next steps.
 */
export function renderStatus(
  status: OfferStatus,
  errors: readonly StoredStatusEntry[],
  infos: readonly StoredStatusEntry[],
  lang: Lang,
): StatusObject {
  const declined = status === 'rejected' ? errors.find((e): e is StoredStatusEntry & { code: keyof typeof declinedStatusTexts } => Object.hasOwn(declinedStatusTexts, e.code)) : undefined;
  const current = declined ? { code: status, message: declinedStatusTexts[declined.code][lang], translations: declinedStatusTexts[declined.code] } : statusMessage(status, lang);
  return {
    current,
    nextSteps: nextSteps(status).map((s) => nextStep(status, s, lang)),
    errors: errors.map((e) => renderEntry(e, lang)),
    infos: infos.map((i) => renderEntry(i, lang)),
  };
}
