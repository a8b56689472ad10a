import type { Lang } from '@/lib/i18n/messages';
import { formatMoney, intlLocale, TIME_ZONE, type Words } from '@/lib/i18n/words';

// How a history entry's changes read to a person, in the portal and in the console alike: every
// change in words and the reader's formats (check results by their names, accessories by what
// they are, amounts and days as the reader writes them, in Europe/Berlin). Pure and free of server
// code: both a server page and a browser component call it.

export type FieldChange = { field: string; old?: unknown; new?: unknown };

/** One line of a history entry: what changed (`label`), from what, to what (either may be absent). */
export type ChangeLine = { label: string; old?: string; new?: string };

export type ChangeContext = {
  /** The reader's words (lib/i18n/catalogue.ts `serverWords` on the server, the face's provider in the browser). */
  words: Words;
  /** The catalogue's name of a category code, when known. */
  category?: (code: string) => string | undefined;
};

type Accessory = { bidexCode?: string; brandName?: string; modelName?: string; priceGross?: number; listPriceGross?: number };

const common = (words: Words, key: string, params: Record<string, string | number> = {}) => words.path(`common.${key}`, params);
const present = (v: unknown) => v !== undefined && v !== null && v !== '';

const berlinParts = new Map<Lang, Intl.DateTimeFormat>();
/** A delivery date in Europe/Berlin: the day, and the time only when it is not the start of the day. */
export function formatDeliveryDate(iso: string, lang: Lang): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  let f = berlinParts.get(lang);
  if (!f) berlinParts.set(lang, (f = new Intl.DateTimeFormat('en-GB', { timeZone: TIME_ZONE, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' })));
  const midnight = f.format(date) === '00:00';
  return new Intl.DateTimeFormat(intlLocale(lang), { dateStyle: 'medium', ...(midnight ? {} : { timeStyle: 'short' }), timeZone: TIME_ZONE }).format(date);
}

function categoryText(code: string, ctx: ChangeContext): string {
  const name = ctx.category?.(code);
  return name ? `${name} (${code})` : code;
}

/** An accessory as a reader names it: "Abus Bordo 6000 – Schloss (201010), 49,90 €". */
export function accessoryText(a: Accessory, ctx: ChangeContext): string {
  const name = [a.brandName, a.modelName].filter(present).join(' ');
  const what = a.bidexCode ? categoryText(a.bidexCode, ctx) : '';
  const head = [name, what].filter(Boolean).join(' – ');
  return present(a.priceGross) ? `${head}, ${formatMoney(Number(a.priceGross), ctx.words.lang)}` : head;
}

/** One value of a field as words. */
export function valueText(field: string, value: unknown, ctx: ChangeContext): string {
  const { words } = ctx;
  const { lang } = words;
  if (!present(value)) return common(words, 'none');
  if (typeof value === 'boolean') return common(words, value ? 'yes' : 'no');
  if (field === 'cancelReason' && typeof value === 'string') return words.cancelReasonLabel(value);
  if (/(priceGross|PriceGross|CostGross)$/.test(field) && (typeof value === 'number' || typeof value === 'string') && !Number.isNaN(Number(value)))
    return formatMoney(Number(value), lang);
  if (field === 'deliveryDate' && typeof value === 'string') return formatDeliveryDate(value, lang);
  if (/bidexCode$/.test(field) && typeof value === 'string') return categoryText(value, ctx);
  if (field === 'status.errors' && Array.isArray(value)) {
    const names = value.map((code) => words.codeLabel('errorCode', String(code), String(code)));
    return new Intl.ListFormat(intlLocale(lang), { type: 'conjunction' }).format(names);
  }
  if (Array.isArray(value)) {
    const items = value.map((v) => (v && typeof v === 'object' ? accessoryText(v as Accessory, ctx) : String(v)));
    return items.length ? items.join('; ') : common(words, 'none');
  }
  if (typeof value === 'object') {
    // A text kept per language ({de, en}) or with its language ({text, lang}): the reader's, else the one there is.
    const o = value as Record<string, unknown>;
    const text = o[lang] ?? o.text ?? Object.values(o).find((v) => typeof v === 'string');
    return typeof text === 'string' ? text : common(words, 'none');
  }
  return String(value);
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/**
 * An accessory list's change, item by item: the same item in both lists is no change; an item
 * that kept its brand and model (else, what is left, its place) is one item changed, field by
 * field; an item only in the new list was added, one only in the old list removed.
 */
function accessoryLines(before: Accessory[], after: Accessory[], ctx: ChangeContext): ChangeLine[] {
  type At = { a: Accessory; i: number };
  const oldLeft: At[] = before.map((a, i) => ({ a, i }));
  const newLeft: At[] = [];
  after.forEach((a, i) => {
    const k = oldLeft.findIndex((o) => same(o.a, a));
    if (k >= 0) oldLeft.splice(k, 1);
    else newLeft.push({ a, i });
  });
  const pairs: [At, At][] = [];
  const take = (match: (o: At, n: At) => boolean) => {
    for (const n of [...newLeft]) {
      const k = oldLeft.findIndex((o) => match(o, n));
      if (k < 0) continue;
      pairs.push([oldLeft.splice(k, 1)[0]!, n]);
      newLeft.splice(newLeft.indexOf(n), 1);
    }
  };
  const named = (a: Accessory) => [a.brandName ?? '', a.modelName ?? ''].join('\u0000');
  take((o, n) => named(o.a) === named(n.a) && named(n.a) !== '\u0000');
  take(() => true);
  const lines: ChangeLine[] = [];
  for (const [{ a: o }, { a: n, i }] of pairs.sort((x, y) => x[1].i - y[1].i)) {
    const name = [n.brandName, n.modelName].filter(present).join(' ');
    for (const key of ['bidexCode', 'brandName', 'modelName', 'priceGross', 'listPriceGross'] as const) {
      if (same(o[key], n[key])) continue;
      const label = ctx.words.fieldLabel(`accessory.${i}.${key}`);
      lines.push({
        label: name && key !== 'brandName' && key !== 'modelName' ? `${label} (${name})` : label,
        old: valueText(key, o[key], ctx),
        new: valueText(key, n[key], ctx),
      });
    }
  }
  for (const { a, i } of newLeft) lines.push({ label: common(ctx.words, 'historyAccessoryAdded', { n: i + 1 }), new: accessoryText(a, ctx) });
  for (const { a, i } of oldLeft) lines.push({ label: common(ctx.words, 'historyAccessoryRemoved', { n: i + 1 }), old: accessoryText(a, ctx) });
  return lines;
}

/**
 * A history entry's changes as lines of words. `withOld`: the entry records values that were
 * replaced (an update), so a change without an old value was set where there was none.
 */
export function changeLines(changes: readonly FieldChange[], ctx: ChangeContext, withOld: boolean): ChangeLine[] {
  return changes.flatMap((c): ChangeLine[] => {
    if (c.field === 'accessory' && (Array.isArray(c.old) || Array.isArray(c.new)) && (withOld || 'old' in c)) {
      return accessoryLines((c.old as Accessory[] | undefined) ?? [], (c.new as Accessory[] | undefined) ?? [], ctx);
    }
    const label = c.field === 'status.errors' ? common(ctx.words, 'historyCheckResult') : ctx.words.fieldLabel(c.field);
    return [{ label, ...(withOld || 'old' in c ? { old: valueText(c.field, c.old, ctx) } : {}), new: valueText(c.field, c.new, ctx) }];
  });
}

/** Whether an entry of `action` records replaced values (its changes read "old → new"). */
export const recordsOldValues = (action: string, changes: readonly FieldChange[]) =>
  action === 'updated' || action === 'customer_changed' || changes.some((c) => 'old' in c);
