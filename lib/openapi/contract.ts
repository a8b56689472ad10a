import 'server-only';
import type { z } from 'zod';
import { errorDocsUrl } from '@/lib/api/error-reference';
import { errorBodySchema } from '@/lib/api/response-schemas';
import { DOCUMENTED_PATHS, findOperation, OPERATIONS, responsesOf, type OperationSpec, type ResponseSpec } from './operations';

// Contract checking: does an answer of the API match the OpenAPI document? The document and this
// check are built from the same operation table, with the zod schemas the document is rendered
// from, so "matches the schema" here means "matches the document" (and is stricter: response
// objects are strict, while the published document lets clients expect new fields).

export type ObservedResponse = {
  method: string;
  /** The route template, OpenAPI style: `/v1/offers/{id}`. */
  route: string;
  url: URL;
  status: number;
  headers: Headers;
  text: string;
};

const responseCache = new Map<OperationSpec, ResponseSpec[]>();
function responsesFor(op: OperationSpec): ResponseSpec[] {
  let r = responseCache.get(op);
  if (!r) responseCache.set(op, (r = responsesOf(op)));
  return r;
}

function issues(error: z.ZodError, root: string): string[] {
  return error.issues.map((i) => `${[root, ...i.path.map(String)].join('.')}: ${i.message}`);
}

function parseJson(text: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false };
  }
}

function checkJsonBody(res: ObservedResponse, schema: z.ZodType): { problems: string[]; value?: unknown } {
  const type = res.headers.get('content-type') ?? '';
  const problems: string[] = [];
  if (!/^application\/json\b/i.test(type)) problems.push(`Content-Type is "${type}", expected application/json`);
  const parsed = parseJson(res.text);
  if (!parsed.ok) return { problems: [...problems, 'the body is not JSON'] };
  const result = schema.safeParse(parsed.value);
  if (!result.success) problems.push(...issues(result.error, 'body'));
  return { problems, value: parsed.value };
}

function checkErrorCodes(value: unknown, allowed: readonly string[]): string[] {
  const parsed = errorBodySchema.safeParse(value);
  if (!parsed.success) return [];
  return parsed.data.errors.flatMap((e) => [
    ...(allowed.includes(e.code) ? [] : [`body.errors: code ${e.code} is not documented for this status (documented: ${allowed.join(', ')})`]),
    // The document calls `docs` optional (contract: errors "may carry" it) (clients must not rely on it); Spoke always sends it.
    ...(e.docs === errorDocsUrl(e.code) ? [] : [`body.errors: ${e.code} has docs ${e.docs ?? '(none)'}, expected ${errorDocsUrl(e.code)}`]),
  ]);
}

function checkHeaders(res: ObservedResponse, schema: z.ZodObject): string[] {
  const values = Object.fromEntries(Object.keys(schema.shape).map((name) => [name, res.headers.get(name) ?? undefined]));
  const result = schema.safeParse(values);
  return result.success ? [] : issues(result.error, 'headers');
}

/** The problems of an answer: empty when it matches the document. Paths outside /v1 are not checked. */
export function contractProblems(res: ObservedResponse): string[] {
  if (!res.route.startsWith('/v1/') || res.method === 'HEAD') return [];
  const documented = DOCUMENTED_PATHS.includes(res.route);

  if (res.method === 'OPTIONS') {
    return documented && !(res.status === 204 && res.headers.get('allow')) ? [`OPTIONS answered ${res.status} without Allow`] : [];
  }

  // Unknown /v1 paths: a JSON 404 in the error envelope.
  if (!documented) {
    if (res.status !== 404) return [`an undocumented path answered ${res.status}, expected 404 NOT_FOUND`];
    const body = checkJsonBody(res, errorBodySchema);
    return [...body.problems, ...checkErrorCodes(body.value, ['NOT_FOUND'])];
  }

  const op = findOperation(res.method, res.route);
  // A method the path does not offer: 405 with Allow, in the error envelope.
  if (!op) {
    const allowed = OPERATIONS.filter((o) => o.path === res.route).map((o) => o.method.toUpperCase());
    if (res.status !== 405) return [`${res.method} is not documented on ${res.route} (only ${allowed.join(', ')}), so it must answer 405`];
    const allow = (res.headers.get('allow') ?? '').split(',').map((m) => m.trim());
    const problems = allowed.filter((m) => !allow.includes(m)).map((m) => `headers.Allow does not list ${m}`);
    const body = checkJsonBody(res, errorBodySchema);
    return [...problems, ...body.problems, ...checkErrorCodes(body.value, ['METHOD_NOT_ALLOWED'])];
  }

  const responses = responsesFor(op);
  const spec = responses.find((r) => r.status === res.status);
  if (!spec) {
    return [`status ${res.status} is not documented for ${op.operationId} (documented: ${responses.map((r) => r.status).join(', ')})`];
  }
  const problems = checkHeaders(res, spec.headers);
  if (spec.binary) {
    const binaryType = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
    if (binaryType !== spec.binary.contentType) problems.push(`Content-Type is "${binaryType}", expected ${spec.binary.contentType}`);
    if (spec.binary.contentType === 'application/pdf' && !res.text.startsWith('%PDF-')) problems.push('the body is not a PDF');
    return problems;
  }
  if (!spec.schema) {
    if (res.text !== '') problems.push(`a ${res.status} answer must have no body`);
    return problems;
  }
  const type = (res.headers.get('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  const alternative = spec.alternatives?.find((a) => a.contentType === type);
  if (alternative) {
    if (type === 'application/pdf' && !res.text.startsWith('%PDF-')) problems.push('the body is not a PDF');
    return problems;
  }
  const body = checkJsonBody(res, spec.exactFor?.(res.url) ?? spec.schema);
  problems.push(...body.problems);
  if (spec.codes) problems.push(...checkErrorCodes(body.value, spec.codes));
  return problems;
}

/** Throws a descriptive error when the answer does not match the document. */
export function assertMatchesContract(res: ObservedResponse): void {
  const problems = contractProblems(res);
  if (problems.length === 0) return;
  const op = findOperation(res.method, res.route);
  const body = res.text.length > 2000 ? `${res.text.slice(0, 2000)}…` : res.text;
  throw new Error(
    [
      `OpenAPI contract violation: ${res.method} ${res.url.pathname}${res.url.search} (${op ? `operation ${op.operationId}` : res.route}) answered ${res.status}:`,
      ...problems.map((p) => `  - ${p}`),
      `Body: ${body || '(empty)'}`,
    ].join('\n'),
  );
}
