import 'server-only';
import compile from 'icu-minify/compile';
import type { CompiledMessage } from 'icu-minify/format';
import deApi from '@/messages/de/api.json';
import deValidation from '@/messages/de/validation.json';
import enApi from '@/messages/en/api.json';
import enValidation from '@/messages/en/validation.json';
import { parseTextKey as parseKey, validationKeyChain, type TextParams, type ValidationKey } from './text-key';
import { argumentsOf, renderMessage } from './words';

// The texts the API answers with, in German and English: messages/<lang>/api.json and
// messages/<lang>/validation.json of the one catalogue (ICU messages), keyed by their codes. A
// record below is a group of the catalogue as `Text`s (both languages' ICU source); `format` fills
// one with the faces' formatter (lib/i18n/words.ts). The API writes amounts with plain spaces
// (Intl's no-break spaces would surprise anyone who compares or greps the text).

import { LANGS, type Lang, type Text } from './lang';

export { LANGS, type Lang, type Text };
export type { TextParams, ValidationKey };
export { textKey } from './text-key';

type Api = typeof deApi;

/** The catalogue's API texts of each language (the key sets are equal: test/i18n-catalogue.test.ts). */
export const apiCatalogue: Record<Lang, { api: Api; validation: typeof deValidation }> = {
  de: { api: deApi, validation: deValidation },
  en: { api: enApi as Api, validation: enValidation },
};

const both = <K extends string>(de: Record<K, string>, en: Record<K, string>): Record<K, Text> =>
  Object.fromEntries((Object.keys(de) as K[]).map((k) => [k, { de: de[k], en: en[k] }])) as Record<K, Text>;

const compiled = new Map<string, CompiledMessage>();
function compiledOf(source: string): CompiledMessage {
  let message = compiled.get(source);
  if (message === undefined) compiled.set(source, (message = compile(source)));
  return message;
}

/** The names of the placeholders of a text (both languages). */
export function placeholdersOf(text: Text): string[] {
  return [...new Set(LANGS.flatMap((lang) => argumentsOf(compiledOf(text[lang]))))];
}

/** Whether `params` has a value for every placeholder of `text`. */
export function canFill(text: Text, params: TextParams): boolean {
  return placeholdersOf(text).every((name) => params[name] !== undefined && params[name] !== '');
}

function fill(source: string, lang: Lang, params: TextParams): string {
  const message = compiledOf(source);
  // An amount may come as its decimal string (a stored `price` of "3999.00").
  const values = { ...params };
  for (const name of argumentsOf(message, true)) values[name] = Number(values[name]);
  return renderMessage(lang, message, values).replace(/[\u00a0\u202f]/g, ' ');
}

/** The text with every placeholder filled; throws (a programming error) when a value is missing. */
export function format(text: Text, params: TextParams = {}): Text {
  if (!canFill(text, params)) {
    const missing = placeholdersOf(text).filter((name) => params[name] === undefined || params[name] === '');
    throw new TypeError(`Text "${text.en}" lacks values for ${missing.join(', ')}`);
  }
  return { de: fill(text.de, 'de', params), en: fill(text.en, 'en', params) };
}

/** The text filled in each language with that language's values (a date written as its reader writes it). */
export function formatEach(text: Text, params: (lang: Lang) => TextParams): Text {
  return { de: format(text, params('de')).de, en: format(text, params('en')).en };
}

/** The first of `texts` that `params` fills completely, filled; the last one is the fallback and must fill. */
export function formatFirst(texts: readonly Text[], params: TextParams): Text {
  const text = texts.find((candidate) => canFill(candidate, params)) ?? texts[texts.length - 1]!;
  return format(text, params);
}

const reference = <K extends string>(de: Record<K, { cause: string; fix: string }>, en: Record<K, { cause: string; fix: string }>) =>
  Object.fromEntries(
    (Object.keys(de) as K[]).map((k) => [k, { cause: format({ de: de[k].cause, en: en[k].cause }), fix: format({ de: de[k].fix, en: en[k].fix }) }]),
  ) as Record<K, { cause: Text; fix: Text }>;

export const errorTexts = both<keyof Api['errors']>(deApi.errors, enApi.errors);
export type ErrorCode = keyof typeof errorTexts;

/** The published error reference (/docs/errors): for every code, what causes it and how to fix it. */
export const errorReferenceTexts = reference<ErrorCode>(deApi.errorReference satisfies Record<ErrorCode, unknown>, enApi.errorReference);

/** Texts of request-validation problems; `{field}` and other parameters are filled in. */
export const validationTexts = both<ValidationKey>(deValidation, enValidation);

/** The key and values of a `textKey` string, or undefined when it is not one. */
export const parseTextKey = (message: string) => parseKey(message, (key) => Object.hasOwn(validationTexts, key));

/** The chain of texts to try for `key`: itself, its fallbacks, then `invalid` (which needs only `field`). */
export const validationTextChain = (key: ValidationKey): Text[] => validationKeyChain(key).map((k) => validationTexts[k]);

/** Warnings of `meta.warnings`: input that was ignored. */
export const warningTexts = both<keyof Api['warnings']>(deApi.warnings, enApi.warnings);
export type WarningCode = keyof typeof warningTexts;

/** The error reference's entries of the warning codes (`meta.warnings`): what was ignored, what to do. */
export const warningReferenceTexts = reference<WarningCode>(deApi.warningReference satisfies Record<WarningCode, unknown>, enApi.warningReference);

/** Status codes of an offer: what the status means for the dealer. */
export const statusTexts = both<keyof Api['status']>(deApi.status, enApi.status);

/** What `rejected` means when a decision declined the offer (the status error's code): nothing to fix. */
export const declinedStatusTexts = both<keyof Api['declinedStatus']>(deApi.declinedStatus, enApi.declinedStatus);

/** The label of a decision's reason in a dealer's mail. */
export const declineReasonLabel: Text = { de: deApi.declineReason, en: enApi.declineReason };

/** Codes of status errors and infos written by processing and by the lifecycle. */
export const statusEntryTexts = both<keyof Api['statusEntries']>(deApi.statusEntries, enApi.statusEntries);
export type StatusEntryCode = keyof typeof statusEntryTexts;

/** The error reference's entries of the status object's codes (/docs/errors): what causes each and what to do. */
export const statusEntryReferenceTexts = reference<StatusEntryCode>(
  deApi.statusEntryReference satisfies Record<StatusEntryCode, unknown>,
  enApi.statusEntryReference,
);

/** Who takes a step of the lifecycle (the `actor` of each of the status object's `nextSteps`). */
export const stepActorTexts = both<keyof Api['stepActors']>(deApi.stepActors, enApi.stepActors);
export type StepActor = keyof typeof stepActorTexts;

/** The employer's rules as checks of one offer (lib/orders/policy.ts): a broken rule with what to do, a kept one. */
export const policyTexts = both<keyof Api['policy']>(deApi.policy, enApi.policy);
export type PolicyTextCode = keyof typeof policyTexts;

/** Messages of particular API answers that say more than their code's text (filled with `format`). */
export const answerTexts = both<keyof Api['answers']>(deApi.answers, enApi.answers);

/** The messages of 409 CONFLICT by what is held twice. */
export const conflictTexts = both<keyof Api['conflicts']>(deApi.conflicts, enApi.conflicts);

/** Why a password is easy to guess (lib/auth/password-policy.ts), by zxcvbn's warning. */
export const passwordWeaknessTexts = both<keyof Api['passwordWeakness']>(deApi.passwordWeakness, enApi.passwordWeakness);

/** Why a customer link no longer opens its offer. */
export const linkEndTexts = both<keyof Api['linkEnds']>(deApi.linkEnds, enApi.linkEnds);

/** The API texts of customer links and employer requests. */
export const orderTexts = both<keyof Api['orders']>(deApi.orders, enApi.orders);

/** The statuses of a purchase order after the offer is done, as people read them. */
export const orderStatusTexts = both<keyof Api['orderStatuses']>(deApi.orderStatuses, enApi.orderStatuses);

/** The operator's reasons for refusing a dealer's invoice. */
export const invoiceRejectionTexts = both<keyof Api['invoiceRejections']>(deApi.invoiceRejections, enApi.invoiceRejections);

