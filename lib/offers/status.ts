import type { StoredStatusEntry } from '@/db/schema';
import { format, statusEntryTexts, statusTexts, type Lang, type Text } from '@/lib/i18n/messages';
import { nextSteps, type OfferStatus } from './lifecycle';

export type StatusMessage = { code: string; message: string; translations: Text; field?: string };
/** A status as the status object names it (current and nextSteps). */
export type StatusStep = { code: OfferStatus; message: string; translations: Text };
export type StatusObject = {
  current: StatusStep;
  nextSteps: StatusStep[];
  errors: StatusMessage[];
  infos: StatusMessage[];
};

function statusMessage(status: OfferStatus, lang: Lang): StatusStep {
  const text = statusTexts[status];
  return { code: status, message: text[lang], translations: text };
}

export function entryText(entry: StoredStatusEntry): Text {
  if (entry.text) return entry.text;
  const template = statusEntryTexts[entry.code as keyof typeof statusEntryTexts];
  return template ? format(template, { field: entry.field ?? '', ...entry.params }) : { de: entry.code, en: entry.code };
}

export function renderEntry(entry: StoredStatusEntry, lang: Lang): StatusMessage {
  const text = entryText(entry);
  return { code: entry.code, ...(entry.field ? { field: entry.field } : {}), message: text[lang], translations: text };
}

/** The status object of the spec: current status, what may follow, errors to fix, infos to show. */
export function renderStatus(
  status: OfferStatus,
  errors: readonly StoredStatusEntry[],
  infos: readonly StoredStatusEntry[],
  lang: Lang,
): StatusObject {
  return {
    current: statusMessage(status, lang),
    nextSteps: nextSteps(status).map((s) => statusMessage(s, lang)),
    errors: errors.map((e) => renderEntry(e, lang)),
    infos: infos.map((i) => renderEntry(i, lang)),
  };
}
