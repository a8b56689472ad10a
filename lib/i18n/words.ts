import formatMessage, { type CompiledMessage } from 'icu-minify/format';
import type { Lang } from './lang';

// The words of the service on both sides of the wire, without the catalogue itself. The catalogue
// (lib/i18n/catalogue.ts, server only) compiles its ICU messages once with icu-minify and makes its
// `Words` from them; a face's provider receives, from the server, only the namespaces of its face in
// the reader's language, already compiled, and makes its own `Words` from those. Nothing here holds
// messages: every translator is built from the messages it is given. The browser so carries a
// formatter of about 1 kB instead of an ICU parser and every language of both faces
// (docs/performance.md, "JavaScript budgets"; docs/decisions.md, "One text system").

export type CompiledTree = { [key: string]: CompiledMessage | CompiledTree };
export type Namespace = 'common' | 'portal' | 'console' | 'docs' | 'employer' | 'order' | 'start' | 'validation' | 'mail' | 'document' | 'purchaseOrder';
export type CompiledMessages = Partial<Record<Namespace, CompiledTree>>;
type Params = Record<string, string | number | Date>;

/** The locale (BCP 47) of a language for Intl formatting. */
export const intlLocale = (lang: Lang): string => (lang === 'de' ? 'de-DE' : 'en-GB');

export const TIME_ZONE = 'Europe/Berlin';

/** The cookie that remembers the reader's language (both faces). */
export const LANG_COOKIE = 'spoke-lang';

/** The faces' language from the LANG_COOKIE's value: German unless English was chosen. */
export function faceLang(value: string | undefined | null): Lang {
  return value === 'en' ? 'en' : 'de';
}

/** The language of a page outside the faces (the start page, "not found"): the one chosen, else the browser's. */
export function readerLang(cookie: string | undefined | null, acceptLanguage: string | null | undefined): Lang {
  return cookie === 'de' || cookie === 'en' ? cookie : browserLang(acceptLanguage);
}

/**
 * The supported language of the highest weight in an `Accept-Language` header (e.g.
 * `en-GB,en;q=0.9,de;q=0.5`), else `fallback`. Every surface chooses with it: the faces and
 * customer pages fall back to German, the API to English.
 */
export function negotiateLang(acceptLanguage: string | null | undefined, fallback: Lang): Lang {
  let best: { lang: Lang; q: number } | undefined;
  for (const part of (acceptLanguage ?? '').split(',')) {
    const [tag = '', ...params] = part.trim().toLowerCase().split(';');
    const primary = tag.split('-')[0];
    if (primary !== 'de' && primary !== 'en') continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { lang: primary, q };
  }
  return best?.lang ?? fallback;
}

/** The language a browser asks for, German when it names neither. */
export const browserLang = (acceptLanguage: string | null | undefined): Lang => negotiateLang(acceptLanguage, 'de');

const numberFormats = new Map<string, Intl.NumberFormat>();
const dateFormats = new Map<string, Intl.DateTimeFormat>();
const pluralRules = new Map<string, Intl.PluralRules>();
const cached = <T>(map: Map<string, T>, args: unknown[], make: () => T): T => {
  const key = JSON.stringify(args);
  let v = map.get(key);
  if (!v) map.set(key, (v = make()));
  return v;
};
const formatters = {
  getNumberFormat: (...a: ConstructorParameters<typeof Intl.NumberFormat>) => cached(numberFormats, a, () => new Intl.NumberFormat(...a)),
  getDateTimeFormat: (...a: ConstructorParameters<typeof Intl.DateTimeFormat>) => cached(dateFormats, a, () => new Intl.DateTimeFormat(...a)),
  getPluralRules: (...a: ConstructorParameters<typeof Intl.PluralRules>) => cached(pluralRules, a, () => new Intl.PluralRules(...a)),
};

const isTree = (v: unknown): v is CompiledTree => typeof v === 'object' && v !== null && !Array.isArray(v);

/** The compiled message at `path` (`['validation', 'required']`) of `messages`, or undefined. */
function find(messages: CompiledMessages, path: readonly string[]): CompiledMessage | undefined {
  let node: unknown = messages;
  for (const part of path) {
    if (!isTree(node)) return undefined;
    node = node[part];
  }
  return node === undefined || isTree(node) ? undefined : (node as CompiledMessage);
}

/** A compiled message in `lang` with its values: the one formatter of every text (faces, mails, PDFs, API). */
export function renderMessage(lang: Lang, message: CompiledMessage, params: Params = {}): string {
  const out = formatMessage<string>(message, intlLocale(lang), params, { formatters, timeZone: TIME_ZONE });
  return Array.isArray(out) ? out.join('') : String(out);
}
const render = renderMessage;

const NUMBER_ARGUMENT = 4;

/**
 * The names of the values a compiled message reads (its arguments, in plural and select branches
 * too); with `numbers`, only those it writes as numbers (`{total, number, ::currency/EUR}`).
 */
export function argumentsOf(message: CompiledMessage, numbers = false): string[] {
  const names = new Set<string>();
  const walk = (node: unknown): void => {
    if (!Array.isArray(node)) {
      if (isTree(node)) Object.values(node).forEach(walk);
      return;
    }
    // An argument is [name] or [name, type, …]; a branch's text is [text, …] (0 stands for `#`).
    const argument = typeof node[0] === 'string' && (node.length === 1 || (typeof node[1] === 'number' && node[1] > 0));
    if (argument && (!numbers || node[1] === NUMBER_ARGUMENT)) names.add(node[0]);
    node.forEach(walk);
  };
  walk(message);
  return [...names];
}

/**
 * A key the catalogue lacks: a programming error, thrown in development and tests (so a test of the
 * page or text fails); in production the reader sees the key rather than a broken page.
 */
function missing(where: string, key: string = where): string {
  if (process.env.NODE_ENV !== 'production') throw new Error(`Missing text: ${where}`);
  return key;
}

export type CodeGroup = 'status' | 'cancelReason' | 'action' | 'actor' | 'field' | 'errorCode';
type Actor = { type: string; id?: string | null; name?: string | null };
type Entry = { message: string; field?: string | null; details?: string | null; translations?: Partial<Record<Lang, string>> };

/**
 * The words of one language from the compiled messages given (the server's whole catalogue, or a
 * provider's namespaces): translators, and the words for the codes of `common.codeWords`.
 */
export function createWords(lang: Lang, messages: CompiledMessages) {
  const message = (path: readonly string[]) => find(messages, path);
  /** A translator over whole paths (`docs.title`), for pages outside the two faces. */
  const path = (key: string, params: Params = {}): string => {
    const m = message(key.split('.'));
    return m === undefined ? missing(key) : render(lang, m, params);
  };
  /** A face's translator: `t('key', params)` looks the key up in the face's namespace, then in `common`. */
  const translator =
    <K extends string>(ns: Exclude<Namespace, 'common' | 'validation'>) =>
    (key: K, params: Params = {}): string => {
      const m = message([ns, key]) ?? message(['common', key]);
      return m === undefined ? missing(`${ns}.${key}`, key) : render(lang, m, params);
    };
  /** Words for a code in a `common.codeWords` group (status, cancelReason, action, actor, field, errorCode), else `fallback`. */
  const codeLabel = (group: CodeGroup, code: string, fallback: string, params: Params = {}): string => {
    const m = message(['common', 'codeWords', group, code.replace(/\./g, '_')]);
    return m === undefined ? fallback : render(lang, m, params);
  };
  const actorTypeLabel = (type: string) => codeLabel('actor', type, type);
  /** A readable label for an API or form field path, e.g. `accessory[1].bidexCode` → "Category of accessory 2". */
  const fieldLabel = (apiPath: string): string => {
    const name = formFieldName(apiPath);
    const m = /^accessory\.(\d+)\.(\w+)$/.exec(name);
    if (m) return codeLabel('field', `accessory.${m[2]}`, name, { n: Number(m[1]) + 1 });
    return codeLabel('field', name, name);
  };
  return {
    lang,
    message,
    path,
    translator,
    codeLabel,
    statusLabel: (status: string) => codeLabel('status', status, status),
    cancelReasonLabel: (reason: string) => codeLabel('cancelReason', reason, reason),
    actionLabel: (action: string) => codeLabel('action', action, action.replace(/_/g, ' ')),
    actorTypeLabel,
    /** Who took a step, in words: a person or client by name; Spoke's own checks (the system's processor) in the reader's language. */
    actorName: (actor: Actor): string => {
      if (actor.type === 'system') return codeLabel('actor', actor.id === 'processor' ? 'processor' : 'system', actor.name ?? actor.type);
      return actor.name ?? actor.id ?? actorTypeLabel(actor.type);
    },
    fieldLabel,
    /**
     * What a status entry or an API error says, for a person: its text in the language, with the
     * field's path (`customerName`, which the API's texts name for integrators) written as the
     * field's name ("Leerzeichen in „Name des Kunden“ wurden bereinigt.").
     */
    entryText: (e: Entry): string => {
      const text = e.translations?.[lang] ?? e.message;
      const field = e.field ?? e.details;
      if (!field || !text.includes(field)) return text;
      const name = fieldLabel(field);
      return name === formFieldName(field) ? text : text.split(field).join(path('common.quotedName', { name }));
    },
  };
}

/** The words of one language (`serverWords` of lib/i18n/catalogue.ts on the server, a face's provider in the browser). */
export type Words = ReturnType<typeof createWords>;

/** The spec's cancel reasons, in the order the forms offer them (defined once in the shared model). */
export { CANCEL_REASONS as CANCEL_REASON_CODES } from '@/lib/shared/model';

/** The API's field path (`accessory[1].bidexCode`) as the form's field name (`accessory.1.bidexCode`). */
export function formFieldName(apiPath: string): string {
  return apiPath.replace(/\[(\d+)\]/g, '.$1');
}

/** A zod message key (lib/console/schemas.ts) as a sentence for a form field, by the face's translator. */
export function validationMessage<K extends string>(key: string | undefined, t: (k: K) => string): string {
  const known = ['required', 'tooShort', 'tooLong', 'email'];
  return t((known.includes(key ?? '') ? `v_${key}` : 'v_invalid') as K);
}

// ---- Formatting ------------------------------------------------------------------------------

/** A count as the reader writes numbers (12.345 in German, 12,345 in English). */
export function formatCount(value: number, lang: Lang): string {
  return formatters.getNumberFormat(intlLocale(lang)).format(value);
}

export function formatMoney(value: number | undefined | null, lang: Lang): string {
  if (value === undefined || value === null || Number.isNaN(value)) return '—';
  return formatters.getNumberFormat(intlLocale(lang), { style: 'currency', currency: 'EUR' }).format(value);
}

export function formatDateTime(iso: string | undefined | null, lang: Lang): string {
  if (!iso) return '—';
  return formatters.getDateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeStyle: 'short', timeZone: TIME_ZONE }).format(new Date(iso));
}

/** A day (`YYYY-MM-DD`) as written, or the day of an instant in Europe/Berlin (23:30Z on the 23rd is the 24th). */
export function formatDate(iso: string | undefined | null, lang: Lang): string {
  if (!iso) return '—';
  const wholeDay = /^\d{4}-\d{2}-\d{2}$/.test(iso);
  return formatters.getDateTimeFormat(intlLocale(lang), { dateStyle: 'medium', timeZone: wholeDay ? 'UTC' : TIME_ZONE }).format(new Date(iso));
}
