import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { trace } from '@opentelemetry/api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTracing } from '@/lib/ops/tracing';
import { api } from './helpers/api';
import { demoToken } from './helpers/auth';
import { createLogger, inRequestScope } from '@/lib/logger';

// Traces: an OTLP/HTTP receiver in this process (JSON export, POST /v1/traces) gets the span of a
// request, with its route template, status and request id.

type OtlpSpan = {
  name: string;
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  attributes: Array<{ key: string; value: Record<string, unknown> }>;
};

const exports: Array<{ resourceSpans: Array<{ scopeSpans: Array<{ spans: OtlpSpan[] }> }> }> = [];
const receiver = http.createServer((req, res) => {
  let body = '';
  req.on('data', (c: Buffer) => (body += c));
  req.on('end', () => {
    if (req.url === '/v1/traces' && /json/.test(req.headers['content-type'] ?? '')) exports.push(JSON.parse(body));
    res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
  });
});
let provider: ReturnType<typeof startTracing>;
beforeAll(async () => {
  await new Promise<void>((r) => receiver.listen(0, '127.0.0.1', () => r()));
  provider = startTracing(`http://127.0.0.1:${(receiver.address() as AddressInfo).port}`);
});
afterAll(async () => {
  trace.disable();
  await new Promise((r) => receiver.close(r));
});

const spans = () => exports.flatMap((e) => e.resourceSpans.flatMap((r) => r.scopeSpans.flatMap((s) => s.spans)));
const attr = (span: OtlpSpan, key: string) => Object.values(span.attributes.find((a) => a.key === key)?.value ?? {})[0];

describe('OpenTelemetry traces', () => {
  it('exports a span per request with the request id to the OTLP endpoint', async () => {
    const requestId = `trace-test-${Date.now()}`;
    const res = await api.get('/api/ready', { headers: { 'Spoke-Request-ID': requestId } });
    expect(res.status).toBe(200);
    expect((await api.get('/v1/offers/00000000-0000-4000-8000-000000000000')).status).toBe(401);
    await provider.forceFlush();

    const ready = spans().find((s) => attr(s, 'spoke.request_id') === requestId && s.name.startsWith('GET '));
    expect(ready, JSON.stringify(spans().map((s) => s.name))).toBeDefined();
    expect(ready!.name).toBe('GET /api/ready');
    expect(attr(ready!, 'http.response.status_code')).toBe(200);
    const offer = spans().find((s) => s.name === 'GET /v1/offers/{id}');
    expect(offer && attr(offer, 'http.response.status_code')).toBe(401);
    expect(offer && typeof attr(offer, 'spoke.request_id')).toBe('string');
  });

  it('makes the queries of a request its children, each with the request id and without SQL values', async () => {
    const token = await demoToken();
    const requestId = `trace-db-${Date.now()}`;
    const search = `Zz-not-a-customer-${Date.now()}`;
    const res = await api.get('/v1/offers', { token, headers: { 'Spoke-Request-ID': requestId }, query: { search } });
    expect(res.status).toBe(200);
    await provider.forceFlush();

    const ofRequest = spans().filter((s) => attr(s, 'spoke.request_id') === requestId);
    const root = ofRequest.find((s) => s.name === 'GET /v1/offers');
    expect(root, JSON.stringify(ofRequest.map((s) => s.name))).toBeDefined();
    const children = ofRequest.filter((s) => s !== root);
    if (process.env.DATABASE_URL) {
      // On PostgreSQL every query of the pg driver is a span named by its verb and first table: the
      // client's token (unless this node has it) and the search over offer_search, whose count
      // reads the tenant's list version too (no statement of its own without If-None-Match).
      const queries = children.filter((s) => attr(s, 'db.system.name') === 'postgresql');
      const names = queries.map((s) => s.name).join(' / ');
      expect(names).toMatch(/select offer_search/);
      expect(names).not.toMatch(/offer_list_versions/);
      for (const q of queries) {
        expect(q.traceId).toBe(root!.traceId);
        expect(q.parentSpanId).toBe(root!.spanId);
        expect(JSON.stringify(q)).not.toContain(search);
      }
    }
  });

  it('writes the request id on every log line written inside a request, whichever logger writes it', () => {
    const lines: string[] = [];
    const log = createLogger({ write: (line: string) => void lines.push(line) }, 'info');
    inRequestScope('req-log-1', () => log.info('inside'));
    log.info('outside');
    expect(JSON.parse(lines[0]!)).toMatchObject({ msg: 'inside', requestId: 'req-log-1' });
    expect(JSON.parse(lines[1]!).requestId).toBeUndefined();
  });
});
