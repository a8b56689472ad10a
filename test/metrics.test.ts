import { afterAll, describe, expect, it } from 'vitest';
import { database } from '@/lib/database';
import { env } from '@/lib/env';
import { routeTemplate } from '@/lib/ops/metrics';
import { runProcessor } from '@/lib/runtime/run-processor';
import { api } from './helpers/api';
import { newDealer, tokenFor } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { startReceiver } from './helpers/webhook-receiver';

// GET /api/metrics: real traffic through the route handlers, then a scrape that must show the
// request counters and latency histograms move per route template, the processor's backlog go to
// zero after a run, webhook deliveries by outcome and token issuance.

const METRICS_TOKEN = 'metrics-token-for-the-tests';
const setToken = (token: string | undefined) => Object.assign(env, { metricsToken: token });
afterAll(() => setToken(undefined));

type Sample = { name: string; labels: Record<string, string>; value: number };

function parse(text: string): Sample[] {
  const samples: Sample[] = [];
  for (const line of text.split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const m = /^([a-zA-Z_:][\w:]*)(?:\{(.*)\})? (\S+)$/.exec(line);
    if (!m) throw new Error(`not Prometheus text: ${line}`);
    const labels: Record<string, string> = {};
    for (const l of (m[2] ?? '').matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)) labels[l[1]!] = l[2]!;
    samples.push({ name: m[1]!, labels, value: Number(m[3]) });
  }
  return samples;
}

/** The sum of the samples named `name` whose labels include `labels`. */
function total(samples: Sample[], name: string, labels: Record<string, string> = {}): number {
  return samples
    .filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
    .reduce((sum, s) => sum + s.value, 0);
}

async function scrape(): Promise<Sample[]> {
  const res = await api.get('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  expect(res.status, res.text).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
  return parse(res.text);
}

describe('GET /api/metrics', () => {
  it('does not exist while METRICS_TOKEN is unset: 404 in the error envelope', async () => {
    setToken(undefined);
    const res = await api.get('/api/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
    expect(res.status).toBe(404);
    expect(res.body.errors[0].code).toBe('NOT_FOUND');
    expect((await api.post('/api/metrics')).status).toBe(404);
  });

  it('answers 401 without the token or with a wrong one, and never shows metrics then', async () => {
    setToken(METRICS_TOKEN);
    for (const authorization of [undefined, 'Bearer wrong-token-of-any-length', `Basic ${METRICS_TOKEN}`, `Bearer ${METRICS_TOKEN}x`]) {
      const res = await api.get('/api/metrics', { headers: authorization ? { authorization } : {} });
      expect(res.status, authorization).toBe(401);
      expect(res.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(res.body.errors[0].code).toBe('UNAUTHORIZED');
      expect(res.text).not.toContain('spoke_http_requests_total');
    }
    expect((await api.post('/api/metrics')).status).toBe(405);
  });

  it('counts requests and their latency per route template and status; the backlog returns to zero after a run', async () => {
    setToken(METRICS_TOKEN);
    const receiver = await startReceiver();
    try {
      const dealer = await newDealer();
      expect((await api.post('/v1/webhooks', { token: dealer.token, body: { url: receiver.url, events: ['offer.created'] } })).status).toBe(201);
      const before = await scrape();

      await tokenFor(dealer.clientId, dealer.secret);
      const created: Array<{ id: string }> = [];
      for (let i = 0; i < 3; i++) created.push(await createOffer(dealer.token));
      for (const o of created) expect((await api.get(`/v1/offers/${o.id}`, { token: dealer.token })).status).toBe(200);
      expect((await api.get(`/v1/offers/00000000-0000-4000-8000-000000000000`, { token: dealer.token })).status).toBe(404);

      const during = await scrape();
      const created202 = { method: 'POST', route: '/v1/offers', status: '202' };
      const read200 = { method: 'GET', route: '/v1/offers/{id}', status: '200' };
      expect(total(during, 'spoke_http_requests_total', created202) - total(before, 'spoke_http_requests_total', created202)).toBe(3);
      expect(total(during, 'spoke_http_requests_total', read200) - total(before, 'spoke_http_requests_total', read200)).toBe(3);
      expect(total(during, 'spoke_http_requests_total', { route: '/v1/offers/{id}', status: '404' })).toBeGreaterThanOrEqual(1);
      expect(total(during, 'spoke_http_request_duration_seconds_count', created202) - total(before, 'spoke_http_request_duration_seconds_count', created202)).toBe(3);
      expect(total(during, 'spoke_http_request_duration_seconds_bucket', { ...created202, le: '+Inf' })).toBeGreaterThanOrEqual(3);
      expect(total(during, 'spoke_http_request_duration_seconds_sum', created202)).toBeGreaterThan(0);
      // The raw path never becomes a label.
      expect(during.some((s) => created.some((o) => s.labels.route?.includes(o.id)))).toBe(false);
      expect(total(during, 'spoke_http_requests_total', { route: '/oauth/token', status: '200' })).toBeGreaterThanOrEqual(1);
      expect(total(during, 'spoke_tokens_issued_total') - total(before, 'spoke_tokens_issued_total')).toBeGreaterThanOrEqual(1);
      // The offers wait for the processor; their events for the sender.
      expect(total(during, 'spoke_offers_due')).toBeGreaterThanOrEqual(3);
      expect(total(during, 'spoke_offers_oldest_due_age_seconds')).toBeGreaterThanOrEqual(0);
      expect(total(during, 'spoke_webhook_deliveries_due')).toBeGreaterThanOrEqual(3);

      await runProcessor();
      const after = await scrape();
      expect(total(after, 'spoke_offers_due')).toBe(0);
      expect(total(after, 'spoke_offers_oldest_due_age_seconds')).toBe(0);
      expect(total(after, 'spoke_webhook_deliveries_due')).toBe(0);
      expect(total(after, 'spoke_processor_runs_total', { result: 'ok' }) - total(before, 'spoke_processor_runs_total', { result: 'ok' })).toBe(1);
      expect(total(after, 'spoke_processor_batch_size_sum') - total(before, 'spoke_processor_batch_size_sum')).toBeGreaterThanOrEqual(3);
      expect(total(after, 'spoke_processor_batch_duration_seconds_count')).toBeGreaterThan(total(before, 'spoke_processor_batch_duration_seconds_count'));
      expect(total(after, 'spoke_offers_processed_total') - total(before, 'spoke_offers_processed_total')).toBeGreaterThanOrEqual(3);
      expect(
        total(after, 'spoke_webhook_deliveries_total', { outcome: 'delivered' }) - total(before, 'spoke_webhook_deliveries_total', { outcome: 'delivered' }),
      ).toBe(3);
      expect(receiver.acknowledged()).toHaveLength(3);
      if (database().driver === 'postgres') expect(total(after, 'spoke_db_pool_connections', { state: 'max' })).toBeGreaterThan(0);
      // Process metrics are there too.
      expect(total(after, 'process_resident_memory_bytes')).toBeGreaterThan(0);
    } finally {
      await receiver.close();
    }
  });

  it('makes route templates from the path and the route params', () => {
    expect(routeTemplate('/v1/offers', {})).toBe('/v1/offers');
    expect(routeTemplate('/v1/offers/abc', { id: 'abc' })).toBe('/v1/offers/{id}');
    expect(routeTemplate('/v1/webhooks/w1/deliveries/d1/resend', { id: 'w1', deliveryId: 'd1' })).toBe('/v1/webhooks/{id}/deliveries/{deliveryId}/resend');
    expect(routeTemplate('/v1/offers/a%20b', { id: 'a b' })).toBe('/v1/offers/{id}');
    expect(routeTemplate('/v1/no/such/path', { path: ['no', 'such', 'path'] })).toBe('/v1/{...path}');
  });
});
