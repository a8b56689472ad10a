import 'server-only';
import { context, SpanKind, SpanStatusCode, trace, type Attributes, type Span, type SpanOptions } from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { BasicTracerProvider, BatchSpanProcessor } from '@opentelemetry/sdk-trace-base';
import pg from 'pg';
import { currentRequestId, statementName } from '@/lib/logger';

// OpenTelemetry traces, exported by OTLP/HTTP (JSON) when OTEL_EXPORTER_OTLP_ENDPOINT is set
// (lib/runtime/startup.ts). A request's span is the parent of the spans of the work it causes: each
// database query (the `pg` driver) and each webhook delivery. Every span carries the request id
// (`spoke.request_id`) when it runs inside a request. Without an endpoint no provider is
// registered and every span below is the API's no-op: nothing worth the name on the request path.

const tracer = () => trace.getTracer('spoke');
let enabled = false;

/** Registers the exporting tracer provider for this process; answers it (tests flush it). */
export function startTracing(endpoint: string): BasicTracerProvider {
  const url = `${endpoint.replace(/\/$/, '')}/v1/traces`;
  const provider = new BasicTracerProvider({ spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter({ url }))] });
  // Parent and child spans need the active span to follow async work.
  context.setGlobalContextManager(new AsyncLocalStorageContextManager().enable());
  trace.setGlobalTracerProvider(provider);
  instrumentPg();
  enabled = true;
  return provider;
}

function withRequestId(attributes: Attributes): Attributes {
  const requestId = currentRequestId();
  return requestId ? { ...attributes, 'spoke.request_id': requestId } : attributes;
}

function fail(span: Span, err: unknown): void {
  span.setStatus({ code: SpanStatusCode.ERROR, message: err instanceof Error ? err.name : 'error' });
}

/** Runs `work` in an active span (the child of the active one): `after` annotates it from the result; an error marks it; it always ends. */
function activeSpan<T>(name: string, options: SpanOptions, work: () => Promise<T>, after?: (span: Span, result: T) => void): Promise<T> {
  return tracer().startActiveSpan(name, options, async (span) => {
    try {
      const result = await work();
      after?.(span, result);
      return result;
    } catch (err) {
      fail(span, err);
      throw err;
    } finally {
      span.end();
    }
  });
}

/** Runs `work` in a span named `name`, the child of the active span; records its error, always ends it. */
export async function inSpan<T>(name: string, attributes: Attributes, work: () => Promise<T>, after?: (result: T) => Attributes): Promise<T> {
  if (!enabled) return work();
  return activeSpan(name, { attributes: withRequestId(attributes) }, work, after && ((span, result) => span.setAttributes(after(result))));
}

/**
 * The span of one request, active while `work` answers it, so the queries and deliveries it causes
 * are its children. Named `METHOD /route/{template}` once the route is known (`work` answers it).
 */
export async function traceRequest(
  method: string,
  requestId: string,
  work: () => Promise<{ res: Response; route: string }>,
): Promise<{ res: Response; route: string }> {
  if (!enabled) return work();
  const attributes = { 'http.request.method': method, 'spoke.request_id': requestId };
  return activeSpan(method, { kind: SpanKind.SERVER, attributes }, work, (span, out) => {
    span.updateName(`${method} ${out.route}`);
    span.setAttributes({ 'http.route': out.route, 'http.response.status_code': out.res.status });
    if (out.res.status >= 500) span.setStatus({ code: SpanStatusCode.ERROR });
  });
}

type QueryFn = (this: pg.Client, ...args: unknown[]) => unknown;

/**
 * A span per query of the `pg` driver (every query of the app on PostgreSQL, pool and transactions
 * alike, goes through `Client#query`). Named by what the statement does ("select offers"); the SQL
 * text and its bound values are never recorded. A streaming submittable passes through untraced
 * (the app uses none).
 */
function instrumentPg(): void {
  const proto = pg.Client.prototype as unknown as { query: QueryFn & { __spoke?: true } };
  if (proto.query.__spoke) return;
  const original = proto.query;
  const traced: QueryFn & { __spoke?: true } = function (this: pg.Client, ...args: unknown[]) {
    const first = args[0] as string | { text?: string; submit?: unknown } | undefined;
    if (first && typeof first === 'object' && typeof first.submit === 'function') return original.apply(this, args);
    const text = typeof first === 'string' ? first : (first?.text ?? '');
    const name = statementName(text);
    const span = tracer().startSpan(name, {
      kind: SpanKind.CLIENT,
      attributes: withRequestId({ 'db.system.name': 'postgresql', 'db.operation.name': name.split(' ')[0], 'db.query.summary': name }),
    });
    const end = (err: unknown) => {
      if (err) fail(span, err);
      span.end();
    };
    // The pool queries with a callback, drizzle's transactions with a promise.
    const last = args[args.length - 1];
    if (typeof last === 'function') {
      args[args.length - 1] = (err: unknown, result: unknown) => {
        end(err);
        return (last as (e: unknown, r: unknown) => unknown)(err, result);
      };
      return original.apply(this, args);
    }
    return (original.apply(this, args) as Promise<unknown>).then(
      (value) => {
        end(null);
        return value;
      },
      (err: unknown) => {
        end(err);
        throw err;
      },
    );
  };
  traced.__spoke = true;
  proto.query = traced;
}
