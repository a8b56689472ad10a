import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { z } from 'zod';
import { getDb } from '@/lib/database';
import { parseQueryOf } from '@/lib/api/params';
import { listOffers } from '@/db/repositories/offers-list';
import type { Tenant } from '@/lib/auth/authenticate';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { listFilters } from '@/lib/offers/use-cases/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/contract/schemas';
import type { OfferRecord } from '@/db/repositories/offers';
import { statusLabel } from '@/lib/portal/i18n';
import { intlLocale, TIME_ZONE } from '@/lib/i18n/words';

// The dealer's export of the offer list as it is filtered: an Excel workbook (.xlsx, written as a
// stream: amounts are numbers with a euro format, dates are dates, statuses are words, headers in
// the user's language) or a CSV for the user's locale (German: `;`, `5.328,90`, UTF-8 with a byte
// order mark, so German Excel opens it in columns with its umlauts). Every time is Europe/Berlin's,
// as the portal shows it. The whole filtered list, read in batches.

export const EXPORT_BATCH = 500;

const HEADERS = {
  de: ['Angebotsnummer', 'Eigene Angebotsnummer', 'Kunde', 'E-Mail des Kunden', 'Marke', 'Modell', 'Fahrrad (brutto)', 'Zubehör (brutto)', 'Versand (brutto)', 'Montage (brutto)', 'Gesamtpreis (brutto)', 'Status', 'Erstellt am', 'Status geändert am'],
  en: ['Offer number', 'Your offer number', 'Customer', 'Customer e-mail', 'Brand', 'Model', 'Bicycle (gross)', 'Accessories (gross)', 'Shipping (gross)', 'Installation (gross)', 'Total price (gross)', 'Status', 'Created at', 'Status changed at'],
} as const;

/** The columns of the amounts: the positions and, last, their total (what they add up to). */
const AMOUNTS = [6, 7, 8, 9, 10] as const;
const TEXTS = [0, 1, 2, 3, 4, 5] as const;

type Row = [string, string, string, string, string, string, number, number, number, number, number, string, Date, Date];

const cents = (v: number | string | null | undefined) => Math.round(Number(v ?? 0) * 100);

function rowOf(o: OfferRecord, lang: Lang): Row {
  // The same positions as the offer document: shipping only with withShipping (lib/offers/rules/normalize.ts).
  const accessories = o.accessories.reduce((sum, a) => sum + cents(a.priceGross), 0);
  return [
    o.offerNumber,
    o.externalOfferId,
    o.customerName,
    o.customerEmail,
    o.productBrandName ?? '',
    o.productModelName ?? '',
    cents(o.productPriceGross) / 100,
    accessories / 100,
    o.withShipping ? cents(o.shippingCostGross) / 100 : 0,
    cents(o.installationCostGross) / 100,
    Number(o.totalPriceGross),
    statusLabel(o.status, lang),
    o.createdAt,
    o.statusChangedAt,
  ];
}

const exportQuerySchema = listOffersQuerySchema.extend({ format: z.enum(['xlsx', 'csv'], 'oneOf').default('xlsx') });
type Query = z.output<typeof exportQuerySchema>;

/**
 * The query of an export (the list's filters and order, and the format; paging ignored), by the
 * rules of the /v1 list: 400 in the error envelope naming each malformed parameter — checked in
 * full before a byte of the file is sent.
 */
export function exportQueryOf(url: URL): Query {
  const query = parseQueryOf(url, exportQuerySchema);
  listFilters(query);
  return query;
}

/**
 * Every offer of the filter, batch by batch, in the list's order — but a restricted one (a
 * concluded order kept only under the retention duty, docs/privacy.md) is no longer exported.
 */
async function* filteredOffers(tenant: Tenant, q: Query): AsyncGenerator<OfferRecord> {
  const filters = listFilters(q);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { rows } = await listOffers(getDb(), tenant, { ...filters, sortBy: q.sortBy, order: q.order, limit: EXPORT_BATCH, offset });
    for (const r of rows) if (!r.restrictedAt) yield r;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Spreadsheet text cells that would start a formula are defused with a leading apostrophe. */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function xlsxStream(tenant: Tenant, q: Query, lang: Lang): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(catalogueTranslator(lang)('common.offersSheetName'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const dateFormat = lang === 'en' ? 'dd/mm/yyyy hh:mm' : 'dd.mm.yyyy hh:mm';
  sheet.columns = HEADERS[lang].map((header, i) => ({
    header,
    width: [14, 22, 26, 30, 16, 22, 16, 16, 16, 16, 18, 26, 18, 18][i],
    style: (AMOUNTS as readonly number[]).includes(i) ? { numFmt: '#,##0.00 "€"' } : i >= 12 ? { numFmt: dateFormat } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const o of filteredOffers(tenant, q)) {
        const row = rowOf(o, lang);
        for (const i of TEXTS) row[i] = defuse(row[i]);
        row[12] = berlinWallClock(row[12]);
        row[13] = berlinWallClock(row[13]);
        sheet.addRow(row).commit();
      }
      sheet.commit();
      await workbook.commit();
    } catch (err) {
      out.destroy(err as Error);
    }
  })();
  return out;
}

export function csvCell(value: string, sep: string): string {
  const s = defuse(value);
  // Quoted only where it must be (its separator, a quote, a line break): `3.499,00` stays a number.
  return s.includes(sep) || /["\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

const berlinParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The instant's wall-clock time in Europe/Berlin, as the fields of a date-time without a zone. */
function berlinFields(at: Date) {
  const p = Object.fromEntries(berlinParts.formatToParts(at).map((x) => [x.type, x.value]));
  return { year: p.year!, month: p.month!, day: p.day!, hour: p.hour!, minute: p.minute!, second: p.second! };
}

/**
 * An instant as a spreadsheet date: spreadsheets have no time zones, so the cell holds the
 * wall-clock time of Europe/Berlin (ExcelJS writes a Date's UTC fields).
 */
export function berlinWallClock(at: Date): Date {
  const f = berlinFields(at);
  return new Date(Date.UTC(+f.year, +f.month - 1, +f.day, +f.hour, +f.minute, +f.second, at.getUTCMilliseconds()));
}

/** A time for a CSV cell in the form the locale's spreadsheet reads as a date: `27.11.2026 06:05`, `27/11/2026 06:05`. */
export function csvDateTime(at: Date, lang: Lang): string {
  const f = berlinFields(at);
  return `${f.day}${lang === 'en' ? '/' : '.'}${f.month}${lang === 'en' ? '/' : '.'}${f.year} ${f.hour}:${f.minute}`;
}

/** An amount as the locale writes it, without the currency (the heading names it): `5.328,90`, `5,328.90`. */
export function csvAmount(n: number, lang: Lang): string {
  return new Intl.NumberFormat(intlLocale(lang), { minimumFractionDigits: 2, maximumFractionDigits: 2, useGrouping: true }).format(n);
}

/** The CSV for the user's locale: German `;`, `5.328,90`; English `,`, `"5,328.90"`; times in Europe/Berlin. */
export function csvStream(tenant: Tenant, q: Query, lang: Lang): Readable {
  const sep = lang === 'de' ? ';' : ',';
  async function* lines() {
    yield `\uFEFF${HEADERS[lang].map((h) => csvCell(h, sep)).join(sep)}\r\n`;
    for await (const o of filteredOffers(tenant, q)) {
      const r = rowOf(o, lang);
      const cells = [
        ...TEXTS.map((i) => csvCell(r[i], sep)),
        ...AMOUNTS.map((i) => csvCell(csvAmount(r[i], lang), sep)),
        csvCell(r[11], sep),
        csvCell(csvDateTime(r[12], lang), sep),
        csvCell(csvDateTime(r[13], lang), sep),
      ];
      yield `${cells.join(sep)}\r\n`;
    }
  }
  // Bytes, not strings: a web stream of a Response carries bytes only.
  return Readable.from(lines(), { objectMode: false });
}

/** `angebote-2026-11-27.csv` (English `offers-…`), the day in Europe/Berlin; a sandbox file says so. */
export function exportFilename(environment: string, format: 'xlsx' | 'csv', lang: Lang, now = new Date()) {
  const f = berlinFields(now);
  const env = environment === 'sandbox' ? '-sandbox' : '';
  return `${catalogueTranslator(lang)('common.offersFileName')}${env}-${f.year}-${f.month}-${f.day}.${format}`;
}
