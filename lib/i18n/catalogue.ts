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
import dePurchaseOrder from '@/messages/de/purchaseOrder.json';
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
import enPurchaseOrder from '@/messages/en/purchaseOrder.json';
import enStart from '@/messages/en/start.json';
import enValidation from '@/messages/en/validation.json';
import type { Lang } from './lang';
import { createWords, type CodeGroup, type CompiledMessages, type CompiledTree, type Namespace, type Words } from './words';

// The one catalogue of every text: the faces', the mails', the PDFs' (ICU messages: plurals,
// numbers, currency, dates). Every locale is one JSON file per namespace
// (messages/<locale>/<namespace>.json), merged here; a new namespace is a new file pair and one line
// below. `common` holds the words both faces share and the words for codes under `codeWords`. The
// API's texts (api.json, validation.json) are filled by lib/i18n/messages.ts with the same formatter.
//
// Server only: the messages are compiled here once (icu-minify) and the server's `Words` made from
// them; a face's provider gets its namespaces through `clientMessages` and makes its own (the
// browser never loads the ICU parser or the other language).

export const catalogue = {
  de: { common: deCommon, portal: dePortal, console: deConsole, docs: deDocs, employer: deEmployer, order: deOrder, start: deStart, mail: deMail, document: deDocument, validation: deValidation, purchaseOrder: dePurchaseOrder },
  en: { common: enCommon, portal: enPortal, console: enConsole, docs: enDocs, employer: enEmployer, order: enOrder, start: enStart, mail: enMail, document: enDocument, validation: enValidation, purchaseOrder: enPurchaseOrder },
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
const words: Record<Lang, Words> = { de: createWords('de', compiled.de), en: createWords('en', compiled.en) };

/** The compiled namespaces a face's client components need, in one language (for its provider). */
export function clientMessages(lang: Lang, namespaces: readonly Namespace[]): CompiledMessages {
  return Object.fromEntries(namespaces.map((ns) => [ns, compiled[lang][ns]]));
}

/** The server's words of `lang`, over the whole catalogue. */
export const serverWords = (lang: Lang): Words => words[lang];

type Leaves<T, P extends string = ''> = { [K in keyof T & string]: T[K] extends string ? `${P}${K}` : Leaves<T[K], `${P}${K}.`> }[keyof T & string];
/** Every message's path in the catalogue (`docs.errorsTitle`); an unknown path fails `tsc`. */
export type CataloguePath = Leaves<Messages>;

/** A translator over the whole catalogue of `lang` by path (`docs.title`). */
export const catalogueTranslator = (lang: Lang): ((path: CataloguePath, params?: Record<string, string | number | Date>) => string) => words[lang].path;

/** A face's translator on the server: `namespaceTranslator<Key>('de', 'portal')`. */
export const namespaceTranslator = <K extends string>(lang: Lang, ns: Exclude<Namespace, 'common' | 'validation'>) => words[lang].translator<K>(ns);

/** The mails' words (messages/<lang>/mail.json): `mailTranslator('de')('hello', { name })`. */
export const mailTranslator = (lang: Lang) => namespaceTranslator<keyof typeof deMail>(lang, 'mail');

// The words for codes, on the server (a client component takes them from its face's provider).
export const codeLabel = (lang: Lang, group: CodeGroup, code: string, fallback: string, params?: Record<string, string | number>) =>
  words[lang].codeLabel(group, code, fallback, params);
export const statusLabel = (status: string, lang: Lang) => words[lang].statusLabel(status);
export const cancelReasonLabel = (reason: string, lang: Lang) => words[lang].cancelReasonLabel(reason);
export const actionLabel = (action: string, lang: Lang) => words[lang].actionLabel(action);
export const actorTypeLabel = (type: string, lang: Lang) => words[lang].actorTypeLabel(type);
export const actorName = (actor: Parameters<Words['actorName']>[0], lang: Lang) => words[lang].actorName(actor);
export const fieldLabel = (path: string, lang: Lang) => words[lang].fieldLabel(path);
export const entryText = (e: Parameters<Words['entryText']>[0], lang: Lang) => words[lang].entryText(e);

export { intlLocale, TIME_ZONE, type Namespace } from './words';
