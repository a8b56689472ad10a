import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import { z } from 'zod';
import { format, warningTexts, type Lang, type Text, type WarningCode } from '@/lib/i18n/messages';
import { errorDocsUrl } from './error-reference';
import type { RenderedWarning } from './response-schemas';

// Ignored input is reported, never silently dropped: the tolerant reader goes on, and the answer's
// `meta.warnings` says what it ignored. Warnings are collected per request (withRequest opens the
// collection) by whoever ignores something — the parser for unknown fields and parameters, a use
// case for a field it does not change — and the success envelope puts them into `meta`.

export type ApiWarning = { code: WarningCode; field?: string; parameter?: string; text: Text };

type Collection = { lang: Lang; warnings: ApiWarning[] };
const collections = new AsyncLocalStorage<Collection>();

/** Runs `fn` with a fresh warning collection for one request. */
export function collectingWarnings<T>(lang: Lang, fn: () => Promise<T>): Promise<T> {
  return collections.run({ lang, warnings: [] }, fn);
}

/** Records a warning for the current request (once per code, field and parameter). */
export function warn(code: WarningCode, target: { field?: string; parameter?: string }, params: Record<string, string | number> = {}): void {
  const collection = collections.getStore();
  if (!collection) return;
  if (collection.warnings.some((w) => w.code === code && w.field === target.field && w.parameter === target.parameter)) return;
  // A name can be empty (`?=1`): it is still reported, shown as "" in the text.
  const shown = (name: string) => (name === '' ? '""' : name);
  const text = format(warningTexts[code], {
    ...params,
    ...(target.field !== undefined ? { field: shown(target.field) } : {}),
    ...(target.parameter !== undefined ? { parameter: shown(target.parameter) } : {}),
  });
  collection.warnings.push({ code, ...target, text });
}

/** `meta` with the request's warnings, if there are any (else `meta` as it is). */
export function withWarnings<M extends Record<string, unknown>>(meta: M): M & { warnings?: RenderedWarning[] } {
  const collection = collections.getStore();
  if (!collection || collection.warnings.length === 0) return meta;
  const { lang } = collection;
  return {
    ...meta,
    warnings: collection.warnings.map((w) => ({
      code: w.code,
      ...(w.field !== undefined ? { field: w.field } : {}),
      ...(w.parameter !== undefined ? { parameter: w.parameter } : {}),
      message: w.text[lang],
      translations: w.text,
      docs: errorDocsUrl(w.code),
    })),
  };
}

// ---- Finding what a schema ignores ---------------------------------------------------------

type Def = { type: string; shape?: Record<string, z.ZodType>; innerType?: z.ZodType; in?: z.ZodType; element?: z.ZodType };
const defOf = (schema: z.ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object or array schema under wrappers (optional, nullable, default, pipe), if any. */
function unwrap(schema: z.ZodType): z.ZodType {
  let s = schema;
  for (let def = defOf(s); ; def = defOf(s)) {
    const inner = def.innerType ?? (def.type === 'pipe' ? def.in : undefined);
    if (!inner) return s;
    s = inner;
  }
}

/** The paths of `input` (at any depth) that `schema` does not know, e.g. `product.colour`. */
export function unknownFieldsOf(schema: z.ZodType, input: unknown, path = ''): string[] {
  const def = defOf(unwrap(schema));
  if (def.type === 'object' && def.shape && input !== null && typeof input === 'object' && !Array.isArray(input)) {
    return Object.entries(input).flatMap(([key, value]) => {
      // Own keys only: `constructor` or `__proto__` in a request are unknown fields, not Object's.
      const child = Object.hasOwn(def.shape!, key) ? def.shape![key] : undefined;
      const childPath = path ? `${path}.${key}` : key;
      return child ? unknownFieldsOf(child, value, childPath) : [childPath];
    });
  }
  if (def.type === 'array' && def.element && Array.isArray(input)) {
    return input.flatMap((item, i) => unknownFieldsOf(def.element!, item, `${path}[${i}]`));
  }
  return [];
}
