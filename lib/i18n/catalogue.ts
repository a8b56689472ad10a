import 'server-only';
import compile from 'icu-minify/compile';
import deCommon from '@/messages/de/common.json';
import deConsole from '@/messages/de/console.json';
import deDocs from '@/messages/de/docs.json';
import deDocument from '@/messages/de/document.json';
import deEmployer from '@/messages/de/employer.json';
import deMail from '@/messages/de/mail.json';
import deOrder from '@/messages/de/order.json';
import dePortal from '@/messages/de/portal.json';
import deStart from '@/messages/de/start.json';
import deValidation from '@/messages/de/validation.json';
import enCommon from '@/messages/en/common.json';
import enConsole from '@/messages/en/console.json';
import enDocs from '@/messages/en/docs.json';
import enDocument from '@/messages/en/document.json';
import enEmployer from '@/messages/en/employer.json';
import enMail from '@/messages/en/mail.json';
import enOrder from '@/messages/en/order.json';
import enPortal from '@/messages/en/portal.json';
import enStart from '@/messages/en/start.json';
import enValidation from '@/messages/en/validation.json';
import type { Lang } from './lang';
import { namespaceTranslator, pathTranslator, registerMessages, type CompiledMessages, type CompiledTree, type Namespace } from './words';

// One catalogue of the faces' texts (ICU messages: plurals, numbers, currency, dates). Every
// locale is one JSON file per namespace (messages/<locale>/<namespace>.json), merged here; a new
// namespace is a new file pair and one line below. `common` holds the words both faces share and
// the words for codes under `codeWords` (status, cancel reason, action, actor, field, error code).
//
// Server only: the messages are compiled here once (icu-minify) and registered with
// lib/i18n/words.ts, which formats them; a face's provider gets its namespaces through
// `clientMessages` (the browser never loads the ICU parser or the other language).

export const catalogue = {
  de: { common: deCommon, portal: dePortal, console: deConsole, docs: deDocs, employer: deEmployer, order: deOrder, start: deStart, mail: deMail, document: deDocument, validation: deValidation },
  en: { common: enCommon, portal: enPortal, console: enConsole, docs: enDocs, employer: enEmployer, order: enOrder, start: enStart, mail: enMail, document: enDocument, validation: enValidation },
} as const;

export type Messages = (typeof catalogue)['de'];

// Plain JSON (icu-minify builds its option maps without a prototype, which React does not pass to
// a client component).
const plain = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

function compileTree(tree: object): CompiledTree {
  return Object.fromEntries(Object.entries(tree).map(([k, v]) => [k, typeof v === 'string' ? plain(compile(v)) : compileTree(v as object)]));
}

const compiled: Record<Lang, CompiledMessages> = {
  de: compileTree(catalogue.de) as CompiledMessages,
  en: compileTree(catalogue.en) as CompiledMessages,
};
registerMessages('de', compiled.de);
registerMessages('en', compiled.en);

/** The compiled namespaces a face's client components need, in one language (for its provider). */
export function clientMessages(lang: Lang, namespaces: readonly Namespace[]): CompiledMessages {
  return Object.fromEntries(namespaces.map((ns) => [ns, compiled[lang][ns]]));
}

export { codeLabel, intlLocale, namespaceTranslator, TIME_ZONE, type Namespace } from './words';

/** The mails' words (messages/<lang>/mail.json): `mailTranslator('de')('hello', { name })`. */
export const mailTranslator = (lang: Lang) => namespaceTranslator<keyof typeof deMail>(lang, 'mail');

/** A translator over the whole catalogue of `lang` by path (`docs.title`). */
export const catalogueTranslator = pathTranslator;
