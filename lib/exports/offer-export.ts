import 'server-only';
import { PassThrough, Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { getDb } from '@/lib/database';
import { listOffers } from '@/db/repositories/offers-list';
import type { Tenant } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { listFilters } from '@/lib/offers/read-offers';
import { listOffersQuerySchema } from '@/lib/offers/schemas';
import type { OfferRecord } from '@/db/repositories/offers';
import { formatDateTime, statusLabel } from '@/lib/portal/i18n';

// The dealer's export of the offer list as it is filtered: an Excel workbook (.xlsx, written as a
// stream: amounts are numbers with a euro format, dates are dates, statuses are words, headers in
// the user's language) or a CSV for the user's locale (German: `;` and decimal comma, so German
// Excel opens it in columns). The whole filtered list, read in batches.

export const EXPORT_BATCH = 500;

const HEADERS = {
  de: ['Angebotsnummer', 'Eigene Angebotsnummer', 'Kunde', 'E-Mail des Kunden', 'Marke', 'Modell', 'Gesamtpreis (brutto)', 'Status', 'Erstellt am', 'Status geändert am'],
  en: ['Offer number', 'Your offer number', 'Customer', 'Customer e-mail', 'Brand', 'Model', 'Total price (gross)', 'Status', 'Created at', 'Status changed at'],
} as const;

type Row = [string, string, string, string, string, string, number, string, Date, Date];

function rowOf(o: OfferRecord, lang: Lang): Row {
  return [
    o.offerNumber,
    o.externalOfferId,
    o.customerName,
    o.customerEmail,
    o.productBrandName ?? '',
    o.productModelName ?? '',
    Number(o.totalPriceGross),
    statusLabel(o.status, lang),
    o.createdAt,
    o.statusChangedAt,
  ];
}

/** The list query of an export from the portal's URL parameters (paging ignored). */
export function exportQuery(params: URLSearchParams) {
  const raw: Record<string, string> = {};
  for (const key of ['status', 'search', 'externalOfferId', 'email', 'offerNumber', 'creationDateFrom', 'creationDateTo', 'statusChangedDateFrom', 'statusChangedDateTo', 'sortBy', 'order']) {
    const v = params.get(key)?.trim();
    if (v && !(key === 'search' && v.length < 2)) raw[key] = v;
  }
  return listOffersQuerySchema.safeParse(raw);
}

type Query = ReturnType<typeof listOffersQuerySchema.parse>;

/** Every offer of the filter, batch by batch, in the list's order. */
async function* filteredOffers(tenant: Tenant, q: Query): AsyncGenerator<OfferRecord> {
  const filters = listFilters(q);
  for (let offset = 0; ; offset += EXPORT_BATCH) {
    const { rows } = await listOffers(getDb(), tenant, { ...filters, sortBy: q.sortBy, order: q.order, limit: EXPORT_BATCH, offset });
    for (const r of rows) yield r;
    if (rows.length < EXPORT_BATCH) return;
  }
}

/** Spreadsheet text cells that would start a formula are defused with a leading apostrophe. */
const defuse = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);

export function xlsxStream(tenant: Tenant, q: Query, lang: Lang): Readable {
  const out = new PassThrough();
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true, useSharedStrings: false });
  const sheet = workbook.addWorksheet(lang === 'en' ? 'Offers' : 'Angebote', { views: [{ state: 'frozen', ySplit: 1 }] });
  const dateFormat = lang === 'en' ? 'dd/mm/yyyy hh:mm' : 'dd.mm.yyyy hh:mm';
  sheet.columns = HEADERS[lang].map((header, i) => ({
    header,
    width: [14, 22, 26, 30, 16, 22, 18, 26, 18, 18][i],
    style: i === 6 ? { numFmt: '#,##0.00 "€"' } : i >= 8 ? { numFmt: dateFormat } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  void (async () => {
    try {
      for await (const o of filteredOffers(tenant, q)) {
        const row = rowOf(o, lang);
        for (const i of [0, 1, 2, 3, 4, 5]) row[i] = defuse(row[i] as string);
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

function csvCell(value: string, sep: string): string {
  const s = defuse(value);
  return s.includes(sep) || /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** The CSV for the user's locale: German `;` and decimal comma, English `,` and decimal point. */
export function csvStream(tenant: Tenant, q: Query, lang: Lang): Readable {
  const sep = lang === 'de' ? ';' : ',';
  const amount = (n: number) => (lang === 'de' ? n.toFixed(2).replace('.', ',') : n.toFixed(2));
  async function* lines() {
    yield `\uFEFF${HEADERS[lang].map((h) => csvCell(h, sep)).join(sep)}\r\n`;
    for await (const o of filteredOffers(tenant, q)) {
      const r = rowOf(o, lang);
      const cells = [...r.slice(0, 6).map((v) => csvCell(v as string, sep)), amount(r[6]), csvCell(r[7], sep), formatDateTime(r[8].toISOString(), lang), formatDateTime(r[9].toISOString(), lang)];
      yield `${cells.join(sep)}\r\n`;
    }
  }
  return Readable.from(lines());
}

export function exportFilename(environment: string, format: 'xlsx' | 'csv', lang: Lang, now = new Date()) {
  return `${lang === 'en' ? 'offers' : 'angebote'}-${environment}-${now.toISOString().slice(0, 10)}.${format}`;
}
