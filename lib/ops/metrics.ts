import 'server-only';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { backlogTotals } from '@/db/repositories/health';
import { database, getDb } from '@/lib/database';
import { logger } from '@/lib/logger';

// Prometheus metrics of this process (GET /api/metrics, docs/ops/). Recording is a counter
// increment and a histogram observation on a cached child: no allocation beyond the key string,
// no I/O. The backlogs are read from the database only when Prometheus scrapes.

const SECONDS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Backlog = { offersDue: number; offersOldestDueSeconds: number; webhooksDue: number; webhooksOldestDueSeconds: number };
type RequestSeries = { count: Counter.Internal; latency: Histogram.Internal<'method' | 'route' | 'status'> };

function createMetrics() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });

  // A scrape collects every gauge at once: the four backlog gauges share one query in flight.
  let inFlight: Promise<Backlog | undefined> | undefined;
  const readBacklog = (): Promise<Backlog | undefined> => {
    inFlight ??= queryBacklog().finally(() => {
      inFlight = undefined;
    });
    return inFlight;
  };
  const backlogGauge = (name: string, help: string, pick: (b: Backlog) => number) =>
    new Gauge({
      name,
      help,
      registers: [registry],
      async collect() {
        const b = await readBacklog();
        if (b) this.set(pick(b));
      },
    });

  const requests = new Counter({
    name: 'spoke_http_requests_total',
    help: 'Requests answered, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    registers: [registry],
  });
  const requestDuration = new Histogram({
    name: 'spoke_http_request_duration_seconds',
    help: 'Time from a request reaching its route handler to its response, by method, route template and status.',
    labelNames: ['method', 'route', 'status'] as const,
    buckets: SECONDS,
    registers: [registry],
  });

  return {
    registry,
    requests,
    requestDuration,
    requestSeries: new Map<string, RequestSeries>(),
    processorRuns: new Counter({
      name: 'spoke_processor_runs_total',
      help: 'Processor runs (offers, then webhook deliveries, then housekeeping), by result.',
      labelNames: ['result'] as const,
      registers: [registry],
    }),
    processorRunDuration: new Histogram({
      name: 'spoke_processor_run_duration_seconds',
      help: 'Duration of a processor run.',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
      registers: [registry],
    }),
    batchSize: new Histogram({
      name: 'spoke_processor_batch_size',
      help: 'Offers claimed per processing batch.',
      buckets: [0, 1, 5, 10, 25, 50, 100, 250, 500],
      registers: [registry],
    }),
    batchDuration: new Histogram({
      name: 'spoke_processor_batch_duration_seconds',
      help: 'Duration of one processing batch (its transaction).',
      buckets: SECONDS,
      registers: [registry],
    }),
    offersProcessed: new Counter({
      name: 'spoke_offers_processed_total',
      help: 'Offers processed, by outcome (draft, rejected, retry).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    offersDue: backlogGauge('spoke_offers_due', 'Pending offers due for processing (read at scrape time).', (b) => b.offersDue),
    offersOldest: backlogGauge(
      'spoke_offers_oldest_due_age_seconds',
      'How long the oldest due pending offer has been due; 0 when none is (read at scrape time).',
      (b) => b.offersOldestDueSeconds,
    ),
    webhookDeliveries: new Counter({
      name: 'spoke_webhook_deliveries_total',
      help: 'Webhook delivery attempts, by outcome (delivered, retrying, failed, lost).',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    webhookDuration: new Histogram({
      name: 'spoke_webhook_delivery_duration_seconds',
      help: 'Duration of a webhook delivery attempt (the receiver answering).',
      buckets: [0.01, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers: [registry],
    }),
    webhooksDue: backlogGauge('spoke_webhook_deliveries_due', 'Webhook deliveries due to be sent (read at scrape time).', (b) => b.webhooksDue),
    webhooksOldest: backlogGauge(
      'spoke_webhook_oldest_due_age_seconds',
      'How long the oldest due webhook delivery has been due; 0 when none is (read at scrape time).',
      (b) => b.webhooksOldestDueSeconds,
    ),
    pool: new Gauge({
      name: 'spoke_db_pool_connections',
      help: 'PostgreSQL connection pool of this process: total, idle, waiting (queued queries) and max.',
      labelNames: ['state'] as const,
      registers: [registry],
      collect() {
        const stats = database().poolStats?.();
        if (!stats) return;
        for (const [state, value] of Object.entries(stats)) this.set({ state }, value);
      },
    }),
    personalData: new Counter({
      name: 'spoke_personal_data_offers_total',
      help: 'Offers whose customer data was anonymised or restricted, by cause (retention, erasure) and outcome (anonymised, restricted).',
      labelNames: ['cause', 'outcome'] as const,
      registers: [registry],
    }),
    tokens: new Counter({
      name: 'spoke_tokens_issued_total',
      help: 'Access tokens issued by POST /oauth/token, by environment.',
      labelNames: ['environment'] as const,
      registers: [registry],
    }),
    tokenFailures: new Counter({
      name: 'spoke_token_client_failures_total',
      help: 'Token requests refused because the client failed to authenticate.',
      registers: [registry],
    }),
  };
}

async function queryBacklog(): Promise<Backlog | undefined> {
  try {
    return await backlogTotals(getDb());
  } catch (err) {
    logger.warn({ err: err instanceof Error ? err.message : String(err) }, 'metrics: backlog not readable');
    return undefined;
  }
}

type Metrics = ReturnType<typeof createMetrics>;

// Next.js bundles the instrumentation hook (which runs the processor) and each route separately;
// one registry per process lives on globalThis so that every bundle records into it.
const KEY = Symbol.for('spoke.metrics');
function metrics(): Metrics {
  const holder = globalThis as { [KEY]?: Metrics };
  holder[KEY] ??= createMetrics();
  return holder[KEY];
}

/**
 * The route template of a request (`/v1/offers/{id}`), from its path and the route's params:
 * a segment equal to a param's value becomes `{name}`; a catch-all's segments become `{...name}`.
 */
export function routeTemplate(pathname: string, params: Record<string, string | string[] | undefined>): string {
  const names = Object.keys(params);
  if (names.length === 0) return pathname;
  const segments = pathname.split('/');
  for (const name of names) {
    const value = params[name];
    if (Array.isArray(value)) {
      // Only the catch-all (not found) routes have these: the rest of the path is one label.
      const at = segments.length - value.length;
      segments.splice(at, value.length, `{...${name}}`);
    } else if (value !== undefined) {
      const i = segments.findIndex((s) => s === value || (s.includes('%') && safeDecode(s) === value));
      if (i >= 0) segments[i] = `{${name}}`;
    }
  }
  return segments.join('/');
}

function safeDecode(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

/** Records one answered request; `startedAt` is `performance.now()` when it reached its handler. */
export function recordRequest(method: string, route: string, status: number, startedAt: number): void {
  const m = metrics();
  const key = `${method} ${route} ${status}`;
  let series = m.requestSeries.get(key);
  if (!series) {
    const labels = { method, route, status: String(status) };
    series = { count: m.requests.labels(labels), latency: m.requestDuration.labels(labels) };
    m.requestSeries.set(key, series);
  }
  series.count.inc();
  series.latency.observe((performance.now() - startedAt) / 1000);
}

export function recordProcessorRun(result: 'ok' | 'error', durationMs: number): void {
  const m = metrics();
  m.processorRuns.inc({ result });
  m.processorRunDuration.observe(durationMs / 1000);
}

export function recordBatch(outcomes: ReadonlyArray<{ status: 'draft' | 'rejected' | 'pending' }>, durationMs: number): void {
  const m = metrics();
  m.batchSize.observe(outcomes.length);
  m.batchDuration.observe(durationMs / 1000);
  for (const o of outcomes) m.offersProcessed.inc({ outcome: o.status === 'pending' ? 'retry' : o.status });
}

export function recordDelivery(outcome: 'delivered' | 'pending' | 'failed' | 'lost', durationMs: number): void {
  const m = metrics();
  m.webhookDeliveries.inc({ outcome: outcome === 'pending' ? 'retrying' : outcome });
  m.webhookDuration.observe(durationMs / 1000);
}

/** Offers anonymised or restricted by retention or an erasure request (counts only, never whose). */
export function recordPersonalData(cause: 'retention' | 'erasure', counts: { anonymised: number; restricted: number }): void {
  const m = metrics();
  if (counts.anonymised > 0) m.personalData.inc({ cause, outcome: 'anonymised' }, counts.anonymised);
  if (counts.restricted > 0) m.personalData.inc({ cause, outcome: 'restricted' }, counts.restricted);
}

export function recordToken(result: { environment: string } | 'client_failed'): void {
  const m = metrics();
  if (result === 'client_failed') m.tokenFailures.inc();
  else m.tokens.inc({ environment: result.environment });
}

/** The Prometheus text exposition of every metric, and its content type. */
export async function metricsExposition(): Promise<{ text: string; contentType: string }> {
  const { registry } = metrics();
  return { text: await registry.metrics(), contentType: registry.contentType };
}
