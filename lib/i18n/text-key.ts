import type enValidation from '@/messages/en/validation.json';

// A validation text's key with the values its text needs, as one string: the form a zod schema
// carries as its message (`integerRange?minimum=1&maximum=100`), so that every issue of that schema,
// even a wrong type that knows no bounds, names them. Light on purpose: the browser's schemas use it
// without the catalogue (the texts are in messages/<lang>/validation.json).

export type ValidationKey = keyof typeof enValidation;
export type TextParams = Record<string, string | number>;

export function textKey(key: ValidationKey, params: TextParams = {}): string {
  const query = new URLSearchParams(Object.entries(params).map(([k, v]) => [k, String(v)])).toString();
  return query ? `${key}?${query}` : key;
}

/** The key and values of a `textKey` string whose key `isKey` knows, else undefined. */
export function parseTextKey(message: string, isKey: (key: string) => boolean): { key: ValidationKey; params: TextParams } | undefined {
  const [key = '', query = ''] = message.split('?', 2);
  if (!isKey(key)) return undefined;
  return { key: key as ValidationKey, params: Object.fromEntries(new URLSearchParams(query)) };
}

/** Where a text cannot be filled (a value is unknown), the next less specific one; `invalid` ends every chain. */
const VALIDATION_FALLBACK: Partial<Record<ValidationKey, ValidationKey>> = {
  integerRange: 'integer',
  bodyTooLarge: 'json',
  jsonAt: 'json',
};

/** The keys to try for `key`: itself, its fallbacks, then `invalid` (which needs only `field`). */
export function validationKeyChain(key: ValidationKey): ValidationKey[] {
  const chain: ValidationKey[] = [];
  for (let k: ValidationKey | undefined = key; k; k = VALIDATION_FALLBACK[k]) chain.push(k);
  if (chain[chain.length - 1] !== 'invalid') chain.push('invalid');
  return chain;
}
