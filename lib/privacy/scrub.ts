import 'server-only';
import { PERSONAL_DATA_MARKER } from '@/lib/shared/model';

// How a customer's data is taken out of a stored value (docs/privacy.md, "Anonymisation"): the
// fields that are the customer's data get the markers, the dealer's free texts about the customer
// go, and every other text loses each occurrence of the customer's names and addresses.

/** The customer's names and addresses as an offer and its history have held them. */
export type Identity = { names: string[]; emails: string[] };

/** Fields whose value is the customer's name or address (offer JSON, history changes). */
const NAME_FIELDS = new Set(['customerName']);
const EMAIL_FIELDS = new Set(['customerEmail']);
/** The dealer's free texts about an offer, which may say anything about its customer. */
export const FREE_TEXT_FIELDS = new Set(['notes', 'cancelNote']);

/** A name shorter than this is replaced only where it is a whole value, never inside a text. */
const SHORTEST_NAME_IN_TEXT = 3;

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The identity without blanks, duplicates and the markers themselves (anonymising twice changes nothing). */
export function identityOf(names: (string | null | undefined)[], emails: (string | null | undefined)[]): Identity {
  const clean = (values: (string | null | undefined)[], marker: string) => [
    ...new Set(values.map((v) => (v ?? '').trim()).filter((v) => v.length > 0 && v.toLowerCase() !== marker.toLowerCase())),
  ];
  return { names: clean(names, PERSONAL_DATA_MARKER.customerName), emails: clean(emails, PERSONAL_DATA_MARKER.customerEmail) };
}

/** A text with every occurrence of the identity's addresses and names replaced by the markers. */
export function scrubText(text: string, id: Identity): string {
  const whole = text.trim().toLowerCase();
  if (id.emails.some((e) => e.toLowerCase() === whole)) return PERSONAL_DATA_MARKER.customerEmail;
  if (id.names.some((n) => n.toLowerCase() === whole)) return PERSONAL_DATA_MARKER.customerName;
  let out = text;
  // Addresses first: a name may be part of an address, never the other way round.
  for (const e of id.emails) out = out.replace(new RegExp(escapeRegExp(e), 'giu'), PERSONAL_DATA_MARKER.customerEmail);
  for (const n of [...id.names].sort((a, b) => b.length - a.length)) {
    if (n.length >= SHORTEST_NAME_IN_TEXT) out = out.replace(new RegExp(escapeRegExp(n), 'giu'), PERSONAL_DATA_MARKER.customerName);
  }
  return out;
}

/**
 * A JSON value with the customer taken out: `customerName` / `customerEmail` members become the
 * markers, free-text members go, and every string elsewhere is scrubbed. Keys are left alone.
 */
export function scrubValue<T>(value: T, id: Identity): T {
  if (typeof value === 'string') return scrubText(value, id) as T;
  if (Array.isArray(value)) return value.map((v) => scrubValue(v, id)) as T;
  if (value === null || typeof value !== 'object') return value;
  const out: Record<string, unknown> = {};
  for (const [key, v] of Object.entries(value)) {
    if (FREE_TEXT_FIELDS.has(key)) continue;
    if (NAME_FIELDS.has(key) && typeof v === 'string') out[key] = PERSONAL_DATA_MARKER.customerName;
    else if (EMAIL_FIELDS.has(key) && typeof v === 'string') out[key] = PERSONAL_DATA_MARKER.customerEmail;
    else out[key] = scrubValue(v, id);
  }
  return out as T;
}

type Change = { field: string; old?: unknown; new?: unknown };

/** A history entry's changed fields with the customer taken out (the fields stay, so the entry still says what changed). */
export function scrubChanges<C extends Change>(changes: C[], id: Identity): C[] {
  return changes.map((c) => {
    const marker = NAME_FIELDS.has(c.field) ? PERSONAL_DATA_MARKER.customerName : EMAIL_FIELDS.has(c.field) ? PERSONAL_DATA_MARKER.customerEmail : null;
    if (marker) return { ...c, ...('old' in c ? { old: marker } : {}), ...('new' in c ? { new: marker } : {}) };
    if (FREE_TEXT_FIELDS.has(c.field)) return { field: c.field } as C;
    return { ...c, ...('old' in c ? { old: scrubValue(c.old, id) } : {}), ...('new' in c ? { new: scrubValue(c.new, id) } : {}) };
  });
}

/** Whether scrubbing changed anything (only changed rows are written). */
export const differs = (a: unknown, b: unknown) => JSON.stringify(a) !== JSON.stringify(b);
