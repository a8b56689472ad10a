// The dealer's invoice as the operator accepts it: its number, its date (not before the handover,
// not in the future), its gross amount (the offer's total to the cent), its document (a PDF of at
// most 5 MB, checked by its content).

export const INVOICE_NUMBER_MAX = 40;
export const INVOICE_DOCUMENT_MAX_BYTES = 5 * 1024 * 1024;

/** An amount in cents: `3693.75`, `3693.7`, `3693` (a dot for the decimals, at most two); null for anything else. */
export function centsOf(input: unknown): number | null {
  if (typeof input === 'number') return Number.isFinite(input) && input >= 0 && Math.abs(input * 100 - Math.round(input * 100)) < 1e-6 ? Math.round(input * 100) : null;
  if (typeof input !== 'string' || !/^\d{1,10}(?:\.\d{1,2})?$/.test(input.trim())) return null;
  const [whole, frac = ''] = input.trim().split('.') as [string, string?];
  return Number(whole) * 100 + Number(frac.padEnd(2, '0'));
}

/** The offer's total in cents (a numeric column's text or a number). */
export const totalCents = (total: string | number) => Math.round(Number(total) * 100);

/** Why an invoice day is refused, or null: `future` after `today`, `beforeHandover` before the handover. */
export function invoiceDayProblem(day: string, today: string, handedOverOn: string): 'future' | 'beforeHandover' | null {
  if (day > today) return 'future';
  if (day < handedOverOn) return 'beforeHandover';
  return null;
}

const latin1 = (bytes: Uint8Array, from: number, to: number) => Buffer.from(bytes.buffer, bytes.byteOffset + from, Math.max(0, to - from)).toString('latin1');

/**
 * Whether `bytes` are a PDF by their content: the `%PDF-1.x`/`%PDF-2.x` header, and a trailer that
 * holds together — `startxref` with the offset of a cross-reference table (`xref`) or stream
 * (`n 0 obj`) inside the file, followed by `%%EOF`. Enough to refuse a renamed image or text file
 * and a truncated upload; the document is never rendered by Spoke.
 */
export function isPdf(bytes: Uint8Array): boolean {
  if (bytes.byteLength < 32 || !/^%PDF-[12]\.\d/.test(latin1(bytes, 0, 8))) return false;
  const tail = latin1(bytes, Math.max(0, bytes.byteLength - 2048), bytes.byteLength);
  const m = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail);
  if (!m) return false;
  const offset = Number(m[1]);
  if (!Number.isSafeInteger(offset) || offset < 8 || offset >= bytes.byteLength) return false;
  const at = latin1(bytes, offset, Math.min(bytes.byteLength, offset + 32));
  return /^xref\b/.test(at) || /^\d+\s+\d+\s+obj\b/.test(at);
}
