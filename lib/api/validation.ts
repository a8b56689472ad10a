import 'server-only';
import type { z } from 'zod';
import { badRequest, fieldError, type ErrorEntry } from './errors';
import { unknownFieldsOf, warn } from './warnings';
import { parseTextKey, type TextParams } from '@/lib/i18n/messages';

/** `['accessory', 1, 'bidexCode']` → `accessory[1].bidexCode` */
export function fieldPath(path: readonly PropertyKey[], root?: string): string | undefined {
  let out = root ?? '';
  for (const key of path) {
    out += typeof key === 'number' ? `[${key}]` : out ? `.${String(key)}` : String(key);
  }
  return out || undefined;
}

function valueAt(input: unknown, path: readonly PropertyKey[]): unknown {
  let value = input;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

/** Turns zod issues into error entries: one per problem, with the field path in `details`. */
export function issuesToEntries(issues: readonly z.core.$ZodIssue[], input: unknown, root?: string): ErrorEntry[] {
  return issues.map((issue) => {
    const field = fieldPath(issue.path, root);
    const value = valueAt(input, issue.path);
    if (value === undefined && issue.code === 'invalid_type') {
      return fieldError('MISSING_PARAMETER', 'required', field);
    }
    const params: TextParams = {};
    if ('maximum' in issue) params.maximum = Number(issue.maximum);
    if ('minimum' in issue) params.minimum = Number(issue.minimum);
    if (issue.code === 'invalid_value') params.values = issue.values.map(String).join(', ');
    if (issue.code === 'invalid_type') params.expected = issue.expected;
    // A schema's own message (a key of validationTexts, maybe with its values) wins over the issue's.
    const own = parseTextKey(issue.message);
    if (own) return fieldError('INVALID_PARAMETER', own.key, field, { ...params, ...own.params });
    switch (issue.code) {
      case 'invalid_type':
        return fieldError('INVALID_PARAMETER', 'type', field, params);
      case 'too_big':
        return fieldError('INVALID_PARAMETER', issue.origin === 'array' ? 'tooMany' : 'tooLong', field, params);
      case 'too_small':
        return fieldError('INVALID_PARAMETER', 'tooShort', field, params);
      case 'invalid_value':
        return fieldError('INVALID_PARAMETER', 'oneOf', field, params);
      default:
        return fieldError('INVALID_PARAMETER', 'invalid', field, params);
    }
  });
}

/**
 * Parses `input` with `schema` or throws a 400 naming every problem. What the schema does not know
 * is ignored (the tolerant reader) and reported in `meta.warnings`: as fields of a body, or as
 * query parameters.
 */
export function parseOrThrow<S extends z.ZodType>(schema: S, input: unknown, root?: string, ignored: 'field' | 'parameter' = 'field'): z.output<S> {
  // Reported before the verdict, so a refusal names them too (an error answer keeps its warnings).
  const unknown = unknownFieldsOf(schema, input, root);
  for (const name of unknown) {
    if (ignored === 'parameter') warn('UNKNOWN_PARAMETER', { parameter: name });
    else warn('UNKNOWN_FIELD', { field: name });
  }
  const result = schema.safeParse(input);
  if (!result.success) badRequest(withTypoHints(issuesToEntries(result.error.issues, input, root), unknown));
  return result.data;
}

/** Levenshtein distance, for names of a few dozen characters. */
function distance(a: string, b: string): number {
  let row = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const next = [i];
    for (let j = 1; j <= b.length; j++) next[j] = Math.min(row[j]! + 1, next[j - 1]! + 1, row[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    row = next;
  }
  return row[b.length]!;
}

const split = (path: string) => {
  const at = Math.max(path.lastIndexOf('.'), path.lastIndexOf(']'));
  return { parent: path.slice(0, at + 1), name: path.slice(at + 1) };
};

/**
 * A missing field beside an unknown one of a similar name (`customerMail` for `customerEmail`):
 * the missing field's message names the unknown one as the likely typo.
 */
function withTypoHints(entries: ErrorEntry[], unknown: string[]): ErrorEntry[] {
  if (unknown.length === 0) return entries;
  return entries.map((entry) => {
    if (entry.code !== 'MISSING_PARAMETER' || !entry.details) return entry;
    const missing = split(entry.details);
    const typo = unknown.find((u) => {
      const candidate = split(u);
      if (candidate.parent !== missing.parent) return false;
      const a = candidate.name.toLowerCase();
      const b = missing.name.toLowerCase();
      return distance(a, b) <= Math.max(2, Math.floor(b.length / 4));
    });
    return typo ? fieldError('MISSING_PARAMETER', 'requiredTypo', entry.details, { unknown: typo }) : entry;
  });
}

// A lone UTF-16 surrogate has no UTF-8 form; the embedded database refuses it outright.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether PostgreSQL can hold the string as text: no U+0000, no lone UTF-16 surrogate. */
export function isStorableText(value: string): boolean {
  return !value.includes('\u0000') && !LONE_SURROGATE.test(value);
}

/**
 * Throws 400 INVALID_PARAMETER naming a string of `input` (at any depth) that PostgreSQL text
 * cannot store — one holding U+0000 or a lone surrogate — which would otherwise fail as a 500 at
 * the database.
 */
export function rejectUnstorableText(input: unknown, root?: string): void {
  // Iterative, and the path is built only on a hit: bodies may nest thousands of levels deep.
  type Node = { value: unknown; key?: PropertyKey; parent?: Node };
  const stack: Node[] = [{ value: input }];
  while (stack.length > 0) {
    const node = stack.pop()!;
    const { value } = node;
    if (typeof value === 'string') {
      if (isStorableText(value)) continue;
      const nul = value.includes('\u0000');
      const path: PropertyKey[] = [];
      for (let n: Node | undefined = node; n?.parent; n = n.parent) path.unshift(n.key!);
      badRequest([fieldError('INVALID_PARAMETER', nul ? 'nulCharacter' : 'loneSurrogate', fieldPath(path, root))]);
    } else if (Array.isArray(value)) {
      value.forEach((item, i) => stack.push({ value: item, key: i, parent: node }));
    } else if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) stack.push({ value: item, key, parent: node });
    }
  }
}
