// The lease's dates, from the handover (Berlin calendar days, `YYYY-MM-DD`): it starts on the
// first day of the month after the handover and ends the day before `termMonths` months later.

const pad = (n: number) => String(n).padStart(2, '0');
const dayOf = (d: Date) => `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;

/** The first day of the month after `handedOverOn` (2026-12-31 → 2027-01-01). */
export function leaseStartOf(handedOverOn: string): string {
  const [y, m] = handedOverOn.split('-').map(Number) as [number, number];
  return dayOf(new Date(Date.UTC(y, m, 1)));
}

/** The lease's last day: `termMonths` months after `leaseStart`, less one day (2027-01-01, 36 → 2029-12-31). */
export function leaseEndOf(leaseStart: string, termMonths: number): string {
  const [y, m, d] = leaseStart.split('-').map(Number) as [number, number, number];
  return dayOf(new Date(Date.UTC(y, m - 1 + termMonths, d) - 86_400_000));
}

/** Whether the lease of `start`–`end` runs on some day of the month `YYYY-MM`. */
export function leaseRunsIn(start: string, end: string, month: string): boolean {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const first = `${month}-01`;
  const last = dayOf(new Date(Date.UTC(y, m, 0)));
  return start <= last && end >= first;
}
