import 'server-only';
import { fieldPath } from './validation';

// What JSON.parse does not say about a body: where a malformed one breaks, and which key an object
// repeats (JSON.parse keeps the last value in silence, so the first one sent would count for nothing).

/** Line and column (from 1) of a character offset of `text`. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, Math.max(0, Math.min(offset, text.length)));
  const lines = before.split('\n');
  return { line: lines.length, column: lines[lines.length - 1]!.length + 1 };
}

/** Where JSON.parse stopped on `text`: the offset its message names, else the end (the text ended early). */
export function jsonErrorOffset(text: string, err: unknown): number {
  const message = err instanceof Error ? err.message : '';
  const at = /at position (\d+)/.exec(message);
  if (at) return Number(at[1]);
  const token = /Unexpected token '?(.)'?,/.exec(message);
  if (token) {
    const found = text.indexOf(token[1]!);
    if (found >= 0) return found;
  }
  return text.length;
}

type Frame = { kind: 'object'; keys: Set<string>; key?: string } | { kind: 'array'; index: number };

/**
 * The path of the first key an object of `text` (valid JSON) holds twice, such as `product.color`
 * or `accessory[1].bidexCode`; undefined when none does.
 */
export function repeatedKey(text: string): string | undefined {
  const stack: Frame[] = [];
  let expectKey = false;
  const path = (last: string) => {
    const parts: PropertyKey[] = [];
    for (const frame of stack.slice(0, -1)) parts.push(frame.kind === 'object' ? frame.key! : frame.index);
    return fieldPath([...parts, last]);
  };
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let end = i + 1;
      while (text[end] !== '"') end += text[end] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.kind === 'object') {
        const key = JSON.parse(text.slice(i, end + 1)) as string;
        if (top.keys.has(key)) return path(key);
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      i = end;
    } else if (c === '{') {
      stack.push({ kind: 'object', keys: new Set() });
      expectKey = true;
    } else if (c === '[') {
      stack.push({ kind: 'array', index: 0 });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      const top = stack[stack.length - 1];
      if (top?.kind === 'object') expectKey = true;
      else if (top?.kind === 'array') top.index++;
    }
  }
  return undefined;
}
