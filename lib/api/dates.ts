import { z } from 'zod';

// One valid range for every date the API reads — query parameters and body fields alike
// (docs/decisions.md, "Dates"): an ISO 8601 date-time with an offset (or Z), or a whole day
// YYYY-MM-DD where a parameter allows it, that exists in the calendar and lies between
// 1970-01-01T00:00:00Z and 9999-12-31T23:59:59.999Z once its offset is applied.

export const EARLIEST_INSTANT = Date.UTC(1970, 0, 1);
export const LATEST_INSTANT = Date.UTC(9999, 11, 31, 23, 59, 59, 999);
export const DATE_RANGE_TEXT = '1970-01-01T00:00:00Z – 9999-12-31T23:59:59.999Z';

const dateTimeFormat = z.iso.datetime({ offset: true });
const dayFormat = z.iso.date();

const inRange = (ms: number) => Number.isFinite(ms) && ms >= EARLIEST_INSTANT && ms <= LATEST_INSTANT;

/** A date-time with offset inside the range, as a Date; undefined for anything else. */
export function parseDateTime(value: string): Date | undefined {
  if (!dateTimeFormat.safeParse(value).success) return undefined;
  const ms = Date.parse(value);
  return inRange(ms) ? new Date(ms) : undefined;
}

/** A calendar day (YYYY-MM-DD, UTC midnight) inside the range; undefined for anything else. */
export function parseDay(value: string): Date | undefined {
  if (!dayFormat.safeParse(value).success) return undefined;
  const ms = Date.parse(`${value}T00:00:00.000Z`);
  return inRange(ms) ? new Date(ms) : undefined;
}

export const isWholeDay = (value: string) => /^\d{4}-\d{2}-\d{2}$/.test(value);

/** A date parameter: a date-time, or a whole day when `days` is allowed. */
export function isValidDateParam(value: string, days = true): boolean {
  return (days && isWholeDay(value) ? parseDay(value) : parseDateTime(value)) !== undefined;
}

const berlinParts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', hourCycle: 'h23' });

/** The instant (ms) Europe/Berlin's day `YYYY-MM-DD` starts, without the range check; undefined for a day that does not exist. */
function berlinMidnight(value: string): number | undefined {
  if (!dayFormat.safeParse(value).success) return undefined;
  const utcMidnight = Date.parse(`${value}T00:00:00.000Z`);
  // Midnight is never inside a daylight saving change there (they happen at 02:00 and 03:00), so
  // it is UTC midnight less one or two hours.
  for (const hours of [1, 2]) {
    const candidate = new Date(utcMidnight - hours * 3_600_000);
    const p = Object.fromEntries(berlinParts.formatToParts(candidate).map((x) => [x.type, x.value]));
    if (`${p.year}-${p.month}-${p.day}` === value && p.hour === '00') return candidate.getTime();
  }
  return undefined;
}

/**
 * The start of a calendar day in Europe/Berlin (`2026-12-24` → 2026-12-23T23:00:00.000Z, in
 * summer 22:00Z), or undefined for a day that does not exist or lies outside the range.
 */
export function berlinStartOfDay(value: string): Date | undefined {
  const ms = berlinMidnight(value);
  return ms !== undefined && inRange(ms) ? new Date(ms) : undefined;
}

/**
 * A whole day of a list filter as the instants it covers in Europe/Berlin: from its start
 * (inclusive) to the next day's start (exclusive), kept inside the range of dates.
 */
export function berlinDayRange(value: string): { start: Date; end: Date } | undefined {
  if (!parseDay(value)) return undefined;
  const start = berlinMidnight(value)!;
  const next = new Date(Date.parse(`${value}T00:00:00.000Z`) + 86_400_000).toISOString().slice(0, 10);
  const end = berlinMidnight(next) ?? start + 86_400_000;
  return { start: new Date(Math.max(start, EARLIEST_INSTANT)), end: new Date(Math.min(end, LATEST_INSTANT)) };
}

/** Today's date in Europe/Berlin, `YYYY-MM-DD`. */
export function berlinToday(now = new Date()): string {
  const p = Object.fromEntries(berlinParts.formatToParts(now).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}
