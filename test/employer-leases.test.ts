import { describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { payrollMonth } from '@/lib/employer/rules/payroll-month';
import { employerLeases, payrollLeases } from '@/lib/employer/use-cases/leases';
import { payrollCsv, payrollXlsx } from '@/lib/employer/use-cases/payroll-export';
import { api } from './helpers/api';
import { addEmployee, hrOf, lease, newEmployer } from './helpers/employer-session';

// The employer's leases and the month's payroll file (docs/employer.md, "Leases", "The payroll
// file"): a lease runs in a month when it started on or before its last day and ends on or after
// its first; the file is in the reader's locale with a totals line; another employer's lease is
// never in the list or the file.

const NOV = payrollMonth('2026-11')!;

async function setUp() {
  const employer = await newEmployer();
  const hr = await hrOf(employer);
  const anna = await addEmployee(employer.id, 'Anna Ahrens', 'P-100');
  const bert = await addEmployee(employer.id, 'Bert Brandt', 'P-200');
  const carla = await addEmployee(employer.id, 'Carla Conrad', 'P-300');
  const dora = await addEmployee(employer.id, 'Dora Dietz', 'P-400');
  const startsOnFirst = await lease(employer.id, anna, '2026-11-01', '2029-10-31', { name: 'Anna Ahrens', terms: { employeeMonthlyGross: 1234.56, taxableBenefitMonthly: 21, employerSubsidyMonthly: 30 } });
  const endsOnLast = await lease(employer.id, bert, '2023-12-01', '2026-11-30', { name: 'Bert Brandt', status: 'paid', terms: { employeeMonthlyGross: 80.1, taxableBenefitMonthly: 12, employerSubsidyMonthly: 15.5 } });
  const endedBefore = await lease(employer.id, carla, '2023-11-01', '2026-10-31', { name: 'Carla Conrad' });
  const startsAfter = await lease(employer.id, dora, '2026-12-01', '2029-11-30', { name: 'Dora Dietz' });
  const canceled = await lease(employer.id, dora, '2026-11-01', '2029-10-31', { name: 'Dora Dietz', status: 'canceled' });
  // Another employer's lease of the same month, with a formula-looking name.
  const other = await newEmployer();
  const otherHr = await hrOf(other);
  const eve = await addEmployee(other.id, 'Eve Evil', 'P-100');
  const foreign = await lease(other.id, eve, '2026-10-01', '2029-09-30', { name: '=HYPERLINK("http://evil.example","Eve")' });
  return { employer, hr, other, otherHr, startsOnFirst, endsOnLast, endedBefore, startsAfter, canceled, foreign };
}

describe('the payroll month', () => {
  it('reads YYYY-MM only, with the month’s first and last day', () => {
    expect(payrollMonth('2028-02')).toEqual({ month: '2028-02', first: '2028-02-01', last: '2028-02-29' });
    expect(payrollMonth('2026-11')).toEqual({ month: '2026-11', first: '2026-11-01', last: '2026-11-30' });
    for (const bad of ['2026-13', '2026-1', '26-11', '2026-11-01', '', '2026-00']) expect(payrollMonth(bad)).toBeNull();
  });
});

describe('the employer’s leases and payroll file', () => {
  it('takes a lease starting on the month’s first and one ending on its last day, not one ending the day before, nor canceled or another employer’s', async () => {
    const s = await setUp();
    const rows = await payrollLeases(s.hr.staff, NOV);
    expect(rows.map((r) => r.offerNumber)).toEqual([s.startsOnFirst.offerNumber, s.endsOnLast.offerNumber]);
    expect(rows[0]).toMatchObject({ name: 'Anna Ahrens', personnelNumber: 'P-100', leaseStart: '2026-11-01', leaseEnd: '2029-10-31', employeeMonthlyGross: 1234.56 });
    // The other employer sees only its own.
    expect((await payrollLeases(s.otherHr.staff, NOV)).map((r) => r.offerNumber)).toEqual([s.foreign.offerNumber]);
  });

  it('lists every handed-over bicycle of the employer with its personnel number: searched, sorted and paged; never another employer’s', async () => {
    const s = await setUp();
    const all = await employerLeases(s.hr.staff, { sort: 'name', page: 1 });
    expect(all.total).toBe(4);
    expect(all.leases.map((l) => l.name)).toEqual(['Anna Ahrens', 'Bert Brandt', 'Carla Conrad', 'Dora Dietz']);
    expect(all.leases.map((l) => l.offerNumber)).not.toContain(s.foreign.offerNumber);
    expect(all.leases.map((l) => l.offerNumber)).not.toContain(s.canceled.offerNumber);
    expect(all.leases[0]).toMatchObject({ personnelNumber: 'P-100', bicycle: 'Cube Kathmandu Hybrid', employeeMonthlyGross: 1234.56, taxableBenefitMonthly: 21, employerSubsidyMonthly: 30 });
    expect((await employerLeases(s.hr.staff, { sort: 'leaseEnd', page: 1 })).leases[0]!.name).toBe('Carla Conrad');
    expect((await employerLeases(s.hr.staff, { sort: 'monthly', page: 1 })).leases[0]!.name).toBe('Anna Ahrens');
    expect((await employerLeases(s.hr.staff, { q: 'p-200', sort: 'name', page: 1 })).leases.map((l) => l.name)).toEqual(['Bert Brandt']);
    expect((await employerLeases(s.hr.staff, { q: 'evil', sort: 'name', page: 1 })).total).toBe(0);
    expect((await employerLeases(s.hr.staff, { sort: 'name', page: 2 })).leases).toEqual([]);
  });

  it('writes the German CSV with a BOM, `;`, German amounts and dates and a totals line; a formula-looking name does not run', async () => {
    const s = await setUp();
    const csv = await payrollCsv(s.hr.staff, NOV, 'de');
    expect(csv.startsWith('\uFEFFPersonalnummer;Name;E-Mail;Angebotsnummer;Vertragsbeginn;Vertragsende;')).toBe(true);
    const lines = csv.slice(1).trimEnd().split('\r\n');
    expect(lines).toHaveLength(4);
    expect(lines[1]).toMatch(new RegExp(`^P-100;Anna Ahrens;anna\\.ahrens-[0-9a-f]+@staff\\.example;${s.startsOnFirst.offerNumber};01\\.11\\.2026;31\\.10\\.2029;1\\.234,56;21,00;30,00$`));
    expect(lines[2]).toContain(';01.12.2023;30.11.2026;80,10;12,00;15,50');
    expect(lines[3]).toBe('Summe;;;;;;1.314,66;33,00;45,50');

    const foreign = await payrollCsv(s.otherHr.staff, NOV, 'en');
    const [, row, total] = foreign.slice(1).trimEnd().split('\r\n');
    // The name starts with `=`: written as text, quoted for its commas and quotes.
    expect(row).toMatch(/^P-100,"'=HYPERLINK\(""http:\/\/evil\.example"",""Eve""\)",/);
    expect(row).toContain(',2026-10-01,2029-09-30,94.22,9.00,30.00');
    expect(total).toBe('Total,,,,,,94.22,9.00,30.00');
    expect(foreign).not.toContain('Anna');
  });

  it('answers the file at /api/employer/payroll for the signed-in HR staff only, scoped by employer; a bad month is a clear 400', async () => {
    const s = await setUp();
    const res = await api.get('/api/employer/payroll?month=2026-11&format=csv&lang=de', { headers: s.hr.headers });
    expect(res.status, res.text).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="gehaltsabrechnung-beta-ag-[0-9a-f]+-2026-11\.csv"$/);
    expect(res.text).toContain(s.startsOnFirst.offerNumber);
    expect(res.text).not.toContain(s.foreign.offerNumber);
    const theirs = await api.get('/api/employer/payroll?month=2026-11&format=csv', { headers: s.otherHr.headers });
    expect(theirs.text).toContain(s.foreign.offerNumber);
    expect(theirs.text).not.toContain(s.startsOnFirst.offerNumber);

    const bad = await api.get('/api/employer/payroll?month=2026-13', { headers: { ...s.hr.headers, 'accept-language': 'de' } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'month', message: 'Der Monat muss die Form JJJJ-MM haben, z. B. 2026-11.' });
    expect((await api.get('/api/employer/payroll?month=2026-11&format=pdf', { headers: s.hr.headers })).status).toBe(400);
    expect((await api.get('/api/employer/payroll?month=2026-11', { headers: { origin: s.hr.headers.origin! } })).status).toBe(401);

    const xlsx = await api.get('/api/employer/payroll?month=2026-11&format=xlsx&lang=de', { headers: s.hr.headers });
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toMatch(/\.xlsx"$/);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await payrollXlsx(s.hr.staff, NOV, 'de')) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(4);
    expect(sheet.getRow(2).getCell(1).value).toBe('P-100');
    expect(sheet.getRow(2).getCell(7).value).toBe(1234.56);
    expect(sheet.getRow(4).getCell(7).value).toMatchObject({ formula: 'SUM(G2:G3)', result: 1314.66 });
  });
});
