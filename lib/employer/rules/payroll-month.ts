// The payroll file's month: `YYYY-MM` (2000-01 to 2099-12), its first and last day as dates.

const MONTH = /^(20\d\d)-(0[1-9]|1[0-2])$/;

export type PayrollMonth = { month: string; first: string; last: string };

/** The month's first and last day, or null for anything that is not a month `YYYY-MM`. */
export function payrollMonth(value: string): PayrollMonth | null {
  const m = MONTH.exec(value);
  if (!m) return null;
  const year = Number(m[1]);
  const month = Number(m[2]);
  const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return { month: value, first: `${value}-01`, last: `${value}-${String(days).padStart(2, '0')}` };
}

/** The current month in Europe/Berlin, `YYYY-MM`. */
export function berlinMonth(now = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit' }).format(now).slice(0, 7);
}
