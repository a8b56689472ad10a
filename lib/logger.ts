import 'server-only';
import { AsyncLocalStorage } from 'node:async_hooks';
import pino from 'pino';
import { env } from './env';

// Structured JSON logs on stdout; request-scoped loggers carry the request id.
//
// No personal data and no request data in the logs (docs/security.md, "Logs"): errors are logged
// through `safeError` — a database error by its SQLSTATE, table, constraint and the statement's name
// ("insert offers"), never its SQL parameters, its detail (which quotes values) or the request
// body — and `redact` removes what must never appear under any key.

const REDACT = [
  'req.headers.authorization',
  'req.headers.cookie',
  '*.secret',
  '*.password',
  '*.params',
  '*.parameters',
  '*.body',
  '*.detail',
  '*.customerName',
  '*.customerEmail',
  '*.email',
  '*.query',
  'email',
  'customerName',
  'customerEmail',
  'body',
  'params',
];

/** "insert offers", "select offers", "update offer_history": what a statement does, without its values. */
export function statementName(sql: string): string {
  const text = sql.replace(/\s+/g, ' ').trim();
  const verb = /^(with|select|insert|update|delete)\b/i.exec(text)?.[1]?.toLowerCase() ?? 'statement';
  const table = /\b(?:from|into|update)\s+"?([a-z_][a-z0-9_]*)"?/i.exec(text)?.[1];
  return table ? `${verb} ${table}` : verb;
}

const DB_FIELDS = ['code', 'severity', 'routine', 'table', 'column', 'constraint', 'schema'] as const;

/** What may be logged of an error: never bound values, SQL parameters or quoted input. */
export function safeError(err: unknown): Record<string, unknown> {
  if (!(err instanceof Error)) return { type: typeof err };
  const e = err as Error & { query?: unknown; cause?: unknown };
  const out: Record<string, unknown> = { type: e.name };
  // Drizzle wraps the driver's error with the query and its parameters: keep the statement's name.
  const query = typeof e.query === 'string' ? e.query : undefined;
  const dbError = (query ? e.cause : e) as Record<string, unknown> | undefined;
  if (query) out.statement = statementName(query);
  const isDbError = !!query || (dbError && typeof dbError.code === 'string' && typeof dbError.severity === 'string');
  if (isDbError && dbError) {
    for (const field of DB_FIELDS) if (typeof dbError[field] === 'string') out[field] = dbError[field];
    // The server's message may quote the offending value: quoted parts are left out.
    if (typeof dbError.message === 'string') out.message = dbError.message.replace(/"[^"]*"|'[^']*'|\([^)]*\)=\([^)]*\)/g, '…').slice(0, 200);
    return out;
  }
  out.message = e.message.slice(0, 500);
  if (e.stack) out.stack = e.stack.split('\n').slice(0, 12).join('\n');
  if (e.cause instanceof Error) out.cause = safeError(e.cause);
  return out;
}

/**
 * The request being served: every log line written while it runs carries its id, whichever logger
 * writes it (a use case's, a repository's), and so does every span (lib/ops/tracing.ts).
 */
const requestScope = new AsyncLocalStorage<{ requestId: string }>();

/** Runs `work` as part of the request `requestId`. */
export function inRequestScope<T>(requestId: string, work: () => T): T {
  return requestScope.run({ requestId }, work);
}

/** The id of the request being served, if any. */
export function currentRequestId(): string | undefined {
  return requestScope.getStore()?.requestId;
}

/** The service's logger; tests pass a stream to read what it writes. */
export function createLogger(destination?: pino.DestinationStream, level: string = env.logLevel) {
  const options: pino.LoggerOptions = {
    level,
    base: { service: 'spoke' },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: safeError },
    redact: { paths: REDACT, censor: '[redacted]' },
    // A line written inside a request carries its id (a request's child logger sets the same value).
    mixin: () => {
      const requestId = currentRequestId();
      return requestId ? { requestId } : {};
    },
  };
  return destination ? pino(options, destination) : pino(options);
}

export const logger = createLogger();

export type Logger = typeof logger;
