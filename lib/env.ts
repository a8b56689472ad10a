import 'server-only';
import { z } from 'zod';

// The one place that reads process.env: validated once, at first import.

const bool = z
  .enum(['true', 'false', '1', '0'])
  .transform((v) => v === 'true' || v === '1');

const DEV_CRON_SECRET = 'dev-cron-secret';
const DEV_SESSION_SECRET = 'dev-session-secret-change-me';

/** What each variable accepts, in words: the one message of a refused setting, and README's table. */
export const ALLOWED: Record<string, string> = {
  NODE_ENV: 'development, production or test',
  PORT: 'a whole number from 1 to 65535',
  PUBLIC_URL: 'an absolute URL (https://…)',
  DATABASE_URL: 'a PostgreSQL URL (postgres://user:password@host:port/database)',
  DATABASE_POOL_SIZE: 'a whole number from 1 to 200',
  PGLITE_DATA_DIR: 'a folder path',
  REDIS_URL: 'a Redis URL (redis://host:port)',
  CRON_SECRET: 'at least 8 characters; in production with DATABASE_URL it must be set and not the public default',
  PROCESSOR_INTERVAL_MS: 'a whole number of milliseconds from 0 (off) to 3600000',
  SEED_DEMO: 'true, false, 1 or 0',
  RATE_LIMIT_PER_MINUTE: 'a whole number from 1 to 1000000',
  WEBHOOK_ALLOW_PRIVATE: 'true, false, 1 or 0',
  WEBHOOK_SANDBOX_LOCAL: 'true, false, 1 or 0',
  WEBHOOK_SECRET_KEY: 'at least 32 characters',
  CLIENT_SECRET_KEY: 'at least 32 characters',
  WEB_CONCURRENCY: 'a whole number of server processes from 1 to 64 (PostgreSQL only; the embedded database uses 1)',
  NEXTAUTH_SECRET: 'at least 16 characters; in production with DATABASE_URL it must be set and not the public default',
  NEXTAUTH_URL: 'an absolute URL (https://…)',
  TOKEN_SIGNING_KEY: 'an ES256 private key in PKCS#8 PEM',
  TOKEN_TTL_SECONDS: 'a whole number of seconds from 60 to 86400',
  TRUST_PROXY: 'a whole number of trusted proxies from 0 (none: the socket address) to 10',
  KEEP_ALIVE_TIMEOUT_MS: 'a whole number of milliseconds from 1000 to 600000',
  LOG_LEVEL: 'fatal, error, warn, info, debug, trace or silent',
  CUSTOMER_LINK_TTL_DAYS: 'a whole number of days from 1 to 365',
  RETENTION_DAYS_UNORDERED: 'a whole number of days from 1 to 36500',
  RETENTION_DAYS_ORDERED: 'a whole number of days from 1 to 36500',
  OPERATOR_NAME: '2 to 200 characters',
  OPERATOR_ADDRESS: '2 to 500 characters; lines separated by a comma or a line break',
  OPERATOR_REGISTER: '2 to 200 characters',
  OPERATOR_PRIVACY_CONTACT: '2 to 300 characters (an e-mail address or a postal address)',
};

/** The demo operator: who the customer pages, mails and documents name when nothing is configured. */
export const DEMO_OPERATOR = {
  name: 'Spoke Leasing GmbH (Demo)',
  address: 'Musterstraße 1, 10115 Berlin, Deutschland',
  register: 'Amtsgericht Berlin-Charlottenburg, HRB 000000 (Demo)',
  privacyContact: 'datenschutz@spoke.example',
} as const;

/** A setting the service refuses: `message` is the one line to print, naming the variable and what it accepts. */
export class ConfigError extends Error {
  constructor(readonly variables: string[], message: string) {
    super(message);
    this.name = 'ConfigError';
  }
}

function refusal(variable: string, source: Record<string, string | undefined>, reason?: string): string {
  const value = source[variable];
  // Secrets and URLs with credentials are never echoed.
  const shown = value === undefined || /SECRET|KEY|URL/.test(variable) ? '' : `=${JSON.stringify(value).slice(0, 40)}`;
  return `${variable}${shown} ${reason ?? 'is not allowed'}: allowed is ${ALLOWED[variable] ?? 'see README.md'}`;
}

const schema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  PUBLIC_URL: z.url().optional(),
  DATABASE_URL: z.url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  PGLITE_DATA_DIR: z.string().min(1).optional(),
  REDIS_URL: z.url().optional(),
  CRON_SECRET: z.string().min(8).optional(),
  PROCESSOR_INTERVAL_MS: z.coerce.number().int().min(0).max(3_600_000).default(2000),
  // Set by scripts/start.mjs on the workers that do not process: the processing worker's interval.
  SPOKE_PROCESSOR_PEER_MS: z.coerce.number().int().min(0).max(3_600_000).optional(),
  SEED_DEMO: bool.optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(600),
  WEBHOOK_ALLOW_PRIVATE: bool.optional(),
  WEBHOOK_SANDBOX_LOCAL: bool.optional(),
  WEBHOOK_SECRET_KEY: z.string().min(32).optional(),
  // Key of the keyed hash that stores API client secrets; without it, derived from the session secret.
  CLIENT_SECRET_KEY: z.string().min(32).optional(),
  // Server processes of `npm start` (scripts/start.mjs); unset: one per core on PostgreSQL.
  WEB_CONCURRENCY: z.coerce.number().int().min(1).max(64).optional(),
  // Set by scripts/start.mjs for each worker; slot 0 (or a process without it) seeds and processes.
  SPOKE_WORKER_SLOT: z.coerce.number().int().min(0).optional(),
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  NEXTAUTH_URL: z.url().optional(),
  TOKEN_SIGNING_KEY: z.string().min(1).optional(),
  TOKEN_TTL_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
  TRUST_PROXY: z.coerce.number().int().min(0).max(10).default(0),
  KEEP_ALIVE_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(65_000),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  // Bearer token of GET /api/metrics; unset, that path does not exist (404).
  METRICS_TOKEN: z
    .string()
    .min(16, 'must be at least 16 characters')
    .regex(/^[\x21-\x7e]+$/, 'must be printable ASCII without spaces')
    .optional(),
  OTEL_EXPORTER_OTLP_ENDPOINT: z.url().optional(),
  // Notification mails: the SMTP server (smtp:// or smtps://, credentials in the URL) and the sender.
  SMTP_URL: z
    .url()
    .refine((v) => /^smtps?:\/\/[^/]/i.test(v), 'SMTP_URL must be an smtp:// or smtps:// URL')
    .optional(),
  MAIL_FROM: z.string().min(3).max(300).optional(),
  // How long a customer's link to an offer works (it ends earlier when the offer is final or changed).
  CUSTOMER_LINK_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  // How long customer data is kept after an offer's last change (docs/privacy.md): offers that
  // never became an order, and concluded orders (the commercial and tax retention duty).
  RETENTION_DAYS_UNORDERED: z.coerce.number().int().min(1).max(36_500).default(180),
  RETENTION_DAYS_ORDERED: z.coerce.number().int().min(1).max(36_500).default(3650),
  // Who is behind the service (the leasing operator): named on every customer page, mail and
  // document, with the Impressum (/impressum) and the privacy notice (/privacy).
  OPERATOR_NAME: z.string().trim().min(2).max(200).optional(),
  OPERATOR_ADDRESS: z.string().trim().min(2).max(500).optional(),
  OPERATOR_REGISTER: z.string().trim().min(2).max(200).optional(),
  OPERATOR_PRIVACY_CONTACT: z.string().trim().min(2).max(300).optional(),
});

export type Env = ReturnType<typeof loadEnv>;

export function loadEnv(source: Record<string, string | undefined> = process.env) {
  const parsed = schema.safeParse(Object.fromEntries(Object.entries(source).filter(([, v]) => v !== '')));
  if (!parsed.success) {
    const variables = [...new Set(parsed.error.issues.map((i) => String(i.path[0])))];
    throw new ConfigError(variables, `Invalid setting: ${variables.map((v) => refusal(v, source)).join('; ')}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  const embedded = !e.DATABASE_URL;
  const publicUrl = (e.PUBLIC_URL ?? e.NEXTAUTH_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');

  // Checked when the server starts (lib/runtime/startup.ts), not here: `next build` loads this module
  // too, and a build needs no secrets.
  const publicDefaults = production && !embedded
    ? [
        (!e.CRON_SECRET || e.CRON_SECRET === DEV_CRON_SECRET) && 'CRON_SECRET',
        (!e.NEXTAUTH_SECRET || e.NEXTAUTH_SECRET === DEV_SESSION_SECRET) && 'NEXTAUTH_SECRET',
      ].filter((v): v is string => !!v)
    : [];

  return {
    nodeEnv: e.NODE_ENV,
    /** Secrets still at their public development defaults where that is not acceptable. */
    publicDefaults,
    production,
    port: e.PORT,
    publicUrl,
    /** PUBLIC_URL was set: it is then the site's only origin (lib/auth/session.ts, same-origin checks). */
    publicUrlSet: e.PUBLIC_URL !== undefined,
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    embeddedDatabase: embedded,
    pgliteDataDir: e.PGLITE_DATA_DIR ?? (e.NODE_ENV === 'development' ? '.data/dev' : '.data/app'),
    redisUrl: e.REDIS_URL,
    cronSecret: e.CRON_SECRET ?? DEV_CRON_SECRET,
    processorIntervalMs: e.PROCESSOR_INTERVAL_MS,
    /** Another worker of this server processes, on this interval (0 or unset: none does). */
    processorPeerIntervalMs: e.SPOKE_PROCESSOR_PEER_MS || undefined,
    seedDemo: e.SEED_DEMO ?? embedded,
    rateLimitPerMinute: e.RATE_LIMIT_PER_MINUTE,
    webhookAllowPrivate: e.WEBHOOK_ALLOW_PRIVATE ?? !production,
    // Sandbox endpoints on this machine's loopback (a receiver on a laptop): allowed by default
    // where the server is someone's own (embedded database, or not production); on a shared
    // production deployment the loopback is the server itself, so only when the operator says so.
    webhookSandboxLocal: e.WEBHOOK_SANDBOX_LOCAL ?? (embedded || !production),
    // Encrypts webhook signing secrets at rest; without it, a key derived from the session secret.
    webhookSecretKey: e.WEBHOOK_SECRET_KEY ?? `session:${e.NEXTAUTH_SECRET ?? DEV_SESSION_SECRET}`,
    sessionSecret: e.NEXTAUTH_SECRET ?? DEV_SESSION_SECRET,
    // Keys the hash of API client secrets (lib/auth/client-secret.ts); changing it invalidates them.
    clientSecretKey: e.CLIENT_SECRET_KEY ?? `session:${e.NEXTAUTH_SECRET ?? DEV_SESSION_SECRET}`,
    webConcurrency: e.WEB_CONCURRENCY,
    /** This process is npm start's first worker, or the only process: it writes the demo data. */
    firstWorker: (e.SPOKE_WORKER_SLOT ?? 0) === 0,
    tokenSigningKey: e.TOKEN_SIGNING_KEY,
    tokenTtlSeconds: e.TOKEN_TTL_SECONDS,
    tokenIssuer: publicUrl,
    tokenAudience: `${publicUrl}/v1`,
    trustProxy: e.TRUST_PROXY,
    keepAliveTimeoutMs: e.KEEP_ALIVE_TIMEOUT_MS,
    logLevel: e.LOG_LEVEL,
    metricsToken: e.METRICS_TOKEN,
    otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
    /** Unset: mails are kept and shown in the development mailbox instead of being sent. */
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM ?? 'Spoke <no-reply@localhost>',
    customerLinkTtlDays: e.CUSTOMER_LINK_TTL_DAYS,
    retention: { unorderedDays: e.RETENTION_DAYS_UNORDERED, orderedDays: e.RETENTION_DAYS_ORDERED },
    /** The leasing operator as customers are told of it; the demo operator's where unset. */
    operator: {
      name: e.OPERATOR_NAME ?? DEMO_OPERATOR.name,
      address: e.OPERATOR_ADDRESS ?? DEMO_OPERATOR.address,
      register: e.OPERATOR_REGISTER ?? DEMO_OPERATOR.register,
      privacyContact: e.OPERATOR_PRIVACY_CONTACT ?? DEMO_OPERATOR.privacyContact,
    },
    /** The operator's details left at the demo's (a production server says so when it starts). */
    operatorUnset: (['OPERATOR_NAME', 'OPERATOR_ADDRESS', 'OPERATOR_REGISTER', 'OPERATOR_PRIVACY_CONTACT'] as const).filter((v) => e[v] === undefined),
  };
}

/**
 * Everything a server refuses to start with, as one ConfigError (or nothing): invalid values and,
 * in production against PostgreSQL, secrets left at their public defaults. `npm start` checks this
 * before it serves; `next build` only needs valid values.
 */
export function checkServerEnv(source: Record<string, string | undefined> = process.env): ConfigError | undefined {
  try {
    const e = loadEnv(source);
    if (e.embeddedDatabase && (e.webConcurrency ?? 1) > 1) {
      return new ConfigError(['WEB_CONCURRENCY'], `Invalid setting: ${refusal('WEB_CONCURRENCY', source, 'needs DATABASE_URL (the embedded database serves from one process)')}`);
    }
    if (e.publicDefaults.length === 0) return undefined;
    return new ConfigError(
      e.publicDefaults,
      `Invalid setting: ${e.publicDefaults.map((v) => refusal(v, source, 'is unset or at its public default')).join('; ')}`,
    );
  } catch (err) {
    if (err instanceof ConfigError) return err;
    throw err;
  }
}

export const env = loadEnv();
