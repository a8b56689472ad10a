import 'server-only';
import ExcelJS from 'exceljs';
import { csvAmount, csvCell } from '@/lib/exports/cells';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';
import { payoutById, type Payout } from './payouts';

// The payout list of one payout run, for the bank transfer: one line per paid invoice (dealer,
// invoice number, offer number, invoice date, amount, reference, payment date), the total last.
// CSV in the reader's locale (German: `;`, `1.234,56`, `31.12.2026`, UTF-8 with a byte order mark)
// or an Excel workbook (amounts as numbers in euros, dates as dates). Headers in the reader's language.

export type PayoutFormat = 'csv' | 'xlsx';

const COLUMNS = ['colDealer', 'colInvoiceNumber', 'colOfferNumber', 'colInvoiceDate', 'colAmount', 'colReference', 'colPaidOn'] as const satisfies readonly OrderTextKey[];

const csvDay = (day: string, lang: Lang) => {
  const [y, m, d] = day.split('-');
  return lang === 'en' ? `${d}/${m}/${y}` : `${d}.${m}.${y}`;
};
const utcDay = (day: string) => new Date(`${day}T00:00:00.000Z`);

export function payoutCsv(payout: Payout, lang: Lang): string {
  const t = namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder');
  const sep = lang === 'de' ? ';' : ',';
  const line = (cells: string[]) => `${cells.map((c) => csvCell(c, sep)).join(sep)}\r\n`;
  let out = `\uFEFF${line(COLUMNS.map((c) => t(c)))}`;
  for (const l of payout.lines) {
    out += line([l.dealerName, l.invoiceNumber, l.offerNumber, csvDay(l.invoiceDate, lang), csvAmount(Number(l.amountGross), lang), l.reference, csvDay(l.paidOn, lang)]);
  }
  out += line([t('colTotal'), '', '', '', csvAmount(payout.totalGross, lang), payout.reference, csvDay(payout.paidOn, lang)]);
  return out;
}

export async function payoutXlsx(payout: Payout, lang: Lang): Promise<Buffer> {
  const t = namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(t('payoutSheetName'), { views: [{ state: 'frozen', ySplit: 1 }] });
  const dayFormat = lang === 'en' ? 'dd/mm/yyyy' : 'dd.mm.yyyy';
  sheet.columns = COLUMNS.map((c, i) => ({ header: t(c), width: [28, 20, 14, 14, 16, 22, 14][i], style: i === 4 ? { numFmt: '#,##0.00 "€"' } : i === 3 || i === 6 ? { numFmt: dayFormat } : {} }));
  sheet.getRow(1).font = { bold: true };
  // Text that would start a formula is kept as text.
  const text = (s: string) => (/^[=+\-@\t\r]/.test(s) ? `'${s}` : s);
  for (const l of payout.lines) {
    sheet.addRow([text(l.dealerName), text(l.invoiceNumber), l.offerNumber, utcDay(l.invoiceDate), Number(l.amountGross), l.reference, utcDay(l.paidOn)]);
  }
  const total = sheet.addRow([t('colTotal'), null, null, null, payout.totalGross, payout.reference, utcDay(payout.paidOn)]);
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

/** The payout's file in `format`, or null when there is no such payout. */
export async function payoutFile(id: string, format: PayoutFormat, lang: Lang): Promise<{ fileName: string; contentType: string; body: Uint8Array } | null> {
  const payout = await payoutById(id);
  if (!payout) return null;
  const fileName = `${payout.reference}.${format}`;
  if (format === 'csv') return { fileName, contentType: 'text/csv; charset=utf-8', body: new TextEncoder().encode(payoutCsv(payout, lang)) };
  return { fileName, contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', body: new Uint8Array(await payoutXlsx(payout, lang)) };
}
