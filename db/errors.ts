// Database errors reach us wrapped (Drizzle puts the driver's error in `cause`) and shaped by the
// driver (node-postgres and PGlite `constraint`, postgres.js `constraint_name`). These helpers see
// through all of them.

type PgError = { code?: string; constraint?: string; constraint_name?: string; message?: string; cause?: unknown };

function* chain(err: unknown): Generator<PgError> {
  let current: unknown = err;
  for (let depth = 0; current && typeof current === 'object' && depth < 5; depth++) {
    yield current as PgError;
    current = (current as PgError).cause;
  }
}

import 'server-only';

export function uniqueViolation(err: unknown): string | null {
  for (const e of chain(err)) {
    if (e.code === '23505') return e.constraint_name ?? e.constraint ?? '';
  }
  return null;
}

const CONNECTION_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'ENOTFOUND',
  'EAI_AGAIN',
  'CONNECT_TIMEOUT',
  'CONNECTION_CLOSED',
  'CONNECTION_ENDED',
  'CONNECTION_DESTROYED',
  '57P01', // admin_shutdown
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now
  '53300', // too_many_connections
]);

// node-postgres reports some connection failures by message only.
const CONNECTION_MESSAGES = [/Connection terminated/i, /timeout exceeded when trying to connect/i, /Client has encountered a connection error/i];

/** True when the database could not be reached (as opposed to a query being wrong). */
export function isConnectionError(err: unknown): boolean {
  for (const e of chain(err)) {
    if (e.code && CONNECTION_CODES.has(e.code)) return true;
    if (typeof e.code === 'string' && e.code.startsWith('08')) return true; // connection_exception class
    if (!e.code && e.message && CONNECTION_MESSAGES.some((m) => m.test(e.message!))) return true;
  }
  return false;
}
