import { assertMatchesContract } from '@/lib/openapi/contract';

// Calls the app's route handlers the way Next.js does: the URL is matched against the files of
// app/**/route.ts (static segments before dynamic ones, catch-alls last) and the exported method
// runs with a real Request.
//
// Contract tests: every answer of a /v1 route is checked against the OpenAPI document (operation by
// method and route file, response by status; headers and body against the document's zod schemas).
// An answer that does not match, or a status the document does not list, throws here, so it fails
// whichever test made the call. Routes outside /v1 (oauth, health, cron) are not checked.

type Handler = (req: Request, ctx: { params: Promise<Record<string, string | string[]>> }) => Promise<Response>;
type RouteModule = Record<string, Handler | unknown>;

const modules = import.meta.glob<RouteModule>('/app/**/route.ts');

type Compiled = { file: string; segments: string[]; template: string; load: () => Promise<RouteModule> };

/** `['v1', 'offers', '[id]']` → `/v1/offers/{id}` (the OpenAPI path of the route). */
function templateOf(segments: string[]): string {
  return `/${segments.map((s) => s.replace(/^\[\[?(\.\.\.)?(\w+)\]\]?$/, '{$1$2}')).join('/')}`;
}

const routes: Compiled[] = Object.entries(modules)
  .map(([file, load]) => ({
    file,
    segments: file
      .replace(/^\/app/, '')
      .replace(/\/route\.ts$/, '')
      .split('/')
      .filter(Boolean)
      .filter((s) => !/^\(.*\)$/.test(s)),
    load,
  }))
  .map((r) => ({ ...r, template: templateOf(r.segments) }))
  .sort((a, b) => rank(a.segments) - rank(b.segments));

// Lower is more specific: a static segment beats a dynamic one, which beats a catch-all.
function rank(segments: string[]): number {
  return segments.reduce((score, s, i) => {
    const weight = s.startsWith('[[...') ? 3 : s.startsWith('[...') ? 2 : s.startsWith('[') ? 1 : 0;
    return score + weight * 10 ** (6 - i);
  }, 0) + (segments.some((s) => s.includes('...')) ? 1e9 : 0);
}

function match(segments: string[], parts: string[]): Record<string, string | string[]> | null {
  const params: Record<string, string | string[]> = {};
  for (let i = 0; i < segments.length; i++) {
    const seg = segments[i]!;
    const catchAll = /^\[\[?\.\.\.(\w+)\]\]?$/.exec(seg);
    if (catchAll) {
      const rest = parts.slice(i);
      if (rest.length === 0 && !seg.startsWith('[[')) return null;
      if (rest.length > 0) params[catchAll[1]!] = rest;
      return params;
    }
    const part = parts[i];
    if (part === undefined) return null;
    const dynamic = /^\[(\w+)\]$/.exec(seg);
    if (dynamic) params[dynamic[1]!] = decodeURIComponent(part);
    else if (seg !== part) return null;
  }
  return segments.length === parts.length ? params : null;
}

export type ApiResponse<T = any> = {
  status: number;
  headers: Headers;
  body: T;
  text: string;
};

export type CallOptions = {
  token?: string;
  body?: unknown;
  /** A raw body string (sent as is). */
  raw?: string;
  headers?: Record<string, string>;
  query?: Record<string, string | number | boolean | undefined>;
};

export async function call<T = any>(method: string, path: string, options: CallOptions = {}): Promise<ApiResponse<T>> {
  const url = new URL(path, 'http://spoke.test');
  for (const [k, v] of Object.entries(options.query ?? {})) if (v !== undefined) url.searchParams.set(k, String(v));
  const headers = new Headers(options.headers);
  if (options.token) headers.set('authorization', `Bearer ${options.token}`);
  let body: string | undefined = options.raw;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  }
  const { status, headers: resHeaders, text } = await dispatch(new Request(url, { method, headers, body }));
  let parsed: unknown = undefined;
  try {
    parsed = text ? JSON.parse(text) : undefined;
  } catch {
    parsed = undefined;
  }
  return { status, headers: resHeaders, body: parsed as T, text };
}

/** Runs a request through the route handler its URL matches, and checks a /v1 answer against the OpenAPI document. */
async function dispatch(req: Request): Promise<{ status: number; headers: Headers; text: string }> {
  const url = new URL(req.url);
  const parts = url.pathname.split('/').filter(Boolean);
  for (const r of routes) {
    const params = match(r.segments, parts);
    if (!params) continue;
    const mod = await r.load();
    const handler = mod[req.method] as Handler | undefined;
    if (!handler) return { status: 405, headers: new Headers(), text: '' };
    const res = await handler(req, { params: Promise.resolve(params) });
    const text = await res.text();
    assertMatchesContract({ method: req.method, route: r.template, url, status: res.status, headers: res.headers, text });
    return { status: res.status, headers: res.headers, text };
  }
  throw new Error(`no route for ${url.pathname}`);
}

/** A fetch over the route handlers (for clients such as lib/api-client), with the same contract check. */
export async function routeFetch(input: Request): Promise<Response> {
  const { status, headers, text } = await dispatch(input);
  return new Response(status === 204 || status === 304 ? null : text, { status, headers });
}

export const api = {
  get: <T = any>(path: string, o?: CallOptions) => call<T>('GET', path, o),
  post: <T = any>(path: string, o?: CallOptions) => call<T>('POST', path, o),
  put: <T = any>(path: string, o?: CallOptions) => call<T>('PUT', path, o),
  patch: <T = any>(path: string, o?: CallOptions) => call<T>('PATCH', path, o),
  delete: <T = any>(path: string, o?: CallOptions) => call<T>('DELETE', path, o),
};
