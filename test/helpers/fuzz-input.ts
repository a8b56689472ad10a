import fc from 'fast-check';

// Generators of hostile input for the fuzz suites: strings (SQL payloads, NUL, lone surrogates,
// numbers at the edges), values of the wrong JSON type, header values, URL path segments.

export const SQL_PAYLOADS = [
  "' OR 1=1 --",
  "'; drop table offers; --",
  '" OR ""="',
  "1' union select null, version() --",
  '%',
  '_',
  '%_%',
  '\\',
  "\\'",
  '$1',
  '::text',
  "1; select pg_sleep(5)",
];

export const EDGE_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  'draft\u0000',
  '\uD800',
  'a\uDBFFb',
  '\uFEFF',
  '\u202E',
  '\r\n',
  'a\rb\nc',
  '\u0007\u001b[31m',
  '🚲',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-0',
  '-1',
  '0',
  '1e3',
  '1e308',
  '1.5',
  '9007199254740993',
  '99999999999999999999',
  '0x10',
  '２０',
  'true',
  '[]',
  '{}',
  '__proto__',
  'constructor',
  'bogus',
  '<script>alert(1)</script>',
  '../../etc/passwd',
  '%00',
  '%zz',
  '2026-02-30',
  '99999-01-01',
  ',',
  'x'.repeat(256),
  'x'.repeat(2001),
];

/** A garbage string: SQL payloads, edge strings, arbitrary unicode (lone surrogates included), or mixes. */
export const garbageString = fc.oneof(
  { weight: 2, arbitrary: fc.constantFrom(...SQL_PAYLOADS) },
  { weight: 4, arbitrary: fc.constantFrom(...EDGE_STRINGS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: fc.string({ unit: fc.constantFrom('\uD800', '\uDC00', '\u0000', 'a', '%', "'", '\n'), maxLength: 20 }) },
);

/** Raw JSON number texts at the edges (some are not JSON at all). */
export const NUMBER_TEXTS = ['-0', '0', '-1', '0.1e1', '1e308', '1e309', '1e-320', '9007199254740993', '1.005', '1E2', '01', '.5', '+1', 'NaN', 'Infinity', '"12.50"'];

/** A value of some JSON type, often the wrong one for a field. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  fc.constantFrom(-0, Number.MAX_SAFE_INTEGER + 1, Number.MAX_VALUE, 1e308),
  garbageString,
  fc.array(fc.jsonValue({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 2 }), { maxKeys: 4 }),
);

export function safeStringify(v: unknown): string {
  try {
    return JSON.stringify(v) ?? 'null';
  } catch {
    return 'null';
  }
}

/** Sets `value` at a path of a copy of `base` (undefined leaves the field out). */
export function setPath(base: unknown, path: string[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(base ?? {}) as Record<string, any>;
  let node: any = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') node[key] = {};
    node = node[key];
  }
  if (value === undefined) delete node[path[path.length - 1]!];
  else node[path[path.length - 1]!] = value;
  return copy;
}

/** Every field path of a JSON value (nested objects and array elements included). */
export function pathsOf(value: unknown, prefix: string[] = []): string[][] {
  if (value === null || typeof value !== 'object') return [];
  return Object.entries(value).flatMap(([k, v]) => [[...prefix, k], ...pathsOf(v, [...prefix, k])]);
}

/** A URL path segment; `.` and `..` would be resolved by the URL, so they are not segments. */
export function segment(s: string): string {
  const e = encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '\uFFFD'));
  return e === '' || e === '.' || e === '..' ? '%20' : e;
}

/** A header value an HTTP server would pass on: no NUL, CR or LF, Latin-1 only. */
export const headerValue = fc
  .oneof(
    garbageString,
    fc.string({ unit: fc.integer({ min: 0x20, max: 0xff }).map((c) => String.fromCharCode(c)), maxLength: 60 }),
    fc.constantFrom('*', 'W/"x"', '""', ',,,', 'de-DE,de;q=0.9,en;q=0.8', 'xx', '*;q=0', 'de;q=abc', 'a'.repeat(300)),
  )
  .map((s) => s.replace(/[^\t\x20-\x7e\x80-\xff]/g, '?'));

/** `arb` in one case of `n`, else undefined. */
export const rarely = <T>(arb: fc.Arbitrary<T>, n: number): fc.Arbitrary<T | undefined> =>
  fc.oneof({ weight: n - 1, arbitrary: fc.constant(undefined) }, { weight: 1, arbitrary: arb });
