import 'server-only';
import ExcelJS from 'exceljs';
import { csvAmount, csvCell, csvValue, defuse } from '@/lib/exports/cells';
import type { PayrollMonth } from '@/lib/employer/rules/payroll-month';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { payrollLeases, type Lease } from './leases';
import type { EmployerStaff } from './requests';

// The payroll file of one month (docs/employer.md, "The payroll file"): one row per lease running
// in the month, then a totals line. German: UTF-8 with a byte order mark, `;`, `1.234,56`,
// `31.12.2026`; English: `,`, `1,234.56`, `2026-12-31`. Text cells a spreadsheet would run as a
// formula are defused (lib/exports/cells.ts). The Excel file holds numbers and dates as such.

const HEADERS = {
  de: ['Personalnummer', 'Name', 'E-Mail', 'Angebotsnummer', 'Vertragsbeginn', 'Vertragsende', 'Entgeltumwandlung (brutto, monatlich)', 'Geldwerter Vorteil (monatlich)', 'Arbeitgeberzuschuss (monatlich)'],
  en: ['Personnel number', 'Name', 'E-mail', 'Offer number', 'Lease start', 'Lease end', 'Salary conversion (gross, monthly)', 'Taxable benefit (monthly)', 'Employer subsidy (monthly)'],
} as const;


/** `2026-11-01` as the file's locale writes a date: `01.11.2026`, `2026-11-01`. */
export function fileDate(iso: string, lang: Lang): string {
  const [y, m, d] = iso.split('-');
  return lang === 'de' ? `${d}.${m}.${y}` : iso;
}

const sumCents = (leases: Lease[], key: 'employeeMonthlyGross' | 'taxableBenefitMonthly' | 'employerSubsidyMonthly') =>
  leases.reduce((s, l) => s + Math.round(l[key] * 100), 0) / 100;

export function payrollFileName(employerName: string, month: PayrollMonth, format: 'csv' | 'xlsx', lang: Lang): string {
  const slug = employerName
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .toLowerCase()
    .slice(0, 40);
  return `${catalogueTranslator(lang)('employer.payrollFileName')}-${slug || 'employer'}-${month.month}.${format}`;
}

/** The month's CSV in the reader's locale, with its totals line. */
export async function payrollCsv(staff: EmployerStaff, month: PayrollMonth, lang: Lang): Promise<string> {
  const leases = await payrollLeases(staff, month);
  const sep = lang === 'de' ? ';' : ',';
  const amount = (n: number) => csvValue(csvAmount(n, lang), sep);
  const lines = [HEADERS[lang].map((h) => csvCell(h, sep)).join(sep)];
  for (const l of leases) {
    lines.push(
      [
        csvCell(l.personnelNumber ?? '', sep),
        csvCell(l.name, sep),
        csvCell(l.email, sep),
        csvCell(l.offerNumber, sep),
        csvValue(fileDate(l.leaseStart, lang), sep),
        csvValue(fileDate(l.leaseEnd, lang), sep),
        amount(l.employeeMonthlyGross),
        amount(l.taxableBenefitMonthly),
        amount(l.employerSubsidyMonthly),
      ].join(sep),
    );
  }
  lines.push([catalogueTranslator(lang)('employer.payrollTotal'), '', '', '', '', '', amount(sumCents(leases, 'employeeMonthlyGross')), amount(sumCents(leases, 'taxableBenefitMonthly')), amount(sumCents(leases, 'employerSubsidyMonthly'))].join(sep));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}

const utcDate = (iso: string) => new Date(`${iso}T00:00:00Z`);

/** The month's Excel workbook: amounts as numbers in euros, dates as dates, totals as sums. */
export async function payrollXlsx(staff: EmployerStaff, month: PayrollMonth, lang: Lang): Promise<Buffer> {
  const leases = await payrollLeases(staff, month);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(month.month, { views: [{ state: 'frozen', ySplit: 1 }] });
  const dateFormat = lang === 'de' ? 'dd.mm.yyyy' : 'yyyy-mm-dd';
  sheet.columns = HEADERS[lang].map((header, i) => ({
    header,
    width: [16, 28, 32, 16, 14, 14, 20, 20, 20][i],
    style: i >= 6 ? { numFmt: '#,##0.00 "€"' } : i === 4 || i === 5 ? { numFmt: dateFormat } : {},
  }));
  sheet.getRow(1).font = { bold: true };
  for (const l of leases) {
    sheet.addRow([defuse(l.personnelNumber ?? ''), defuse(l.name), defuse(l.email), defuse(l.offerNumber), utcDate(l.leaseStart), utcDate(l.leaseEnd), l.employeeMonthlyGross, l.taxableBenefitMonthly, l.employerSubsidyMonthly]);
  }
  const last = leases.length + 1;
  const sum = (col: string, value: number) => (leases.length === 0 ? 0 : { formula: `SUM(${col}2:${col}${last})`, result: value });
  const total = sheet.addRow([catalogueTranslator(lang)('employer.payrollTotal'), '', '', '', null, null, sum('G', sumCents(leases, 'employeeMonthlyGross')), sum('H', sumCents(leases, 'taxableBenefitMonthly')), sum('I', sumCents(leases, 'employerSubsidyMonthly'))]);
  total.font = { bold: true };
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
