import 'server-only';
import type { z } from 'zod';
import { badRequest, fieldError } from './errors';
import { parseOrThrow, rejectUnstorableText } from './validation';
import type { RequestContext } from './context';
import { idParamSchema } from '@/lib/shared/id-schema';

/**
 * The query string as an object. A parameter given more than once is refused (400
 * INVALID_PARAMETER naming it): which of its values was meant is not ours to guess.
 */
export function queryOf(url: URL): Record<string, string> {
  const query = new Map<string, string>();
  const repeated = new Set<string>();
  for (const [name, value] of url.searchParams) {
    if (query.has(name)) repeated.add(name);
    else query.set(name, value);
  }
  if (repeated.size > 0) badRequest([...repeated].map((name) => fieldError('INVALID_PARAMETER', 'repeated', name)));
  return Object.fromEntries(query);
}

/**
 * The query string validated by `schema`, by the rules of every query of ours (/v1, console,
 * portal, exports): each parameter once, no text PostgreSQL cannot store, then the schema (400
 * naming every problem; parameters it does not know are reported in `meta.warnings`).
 */
export function parseQueryOf<S extends z.ZodType>(url: URL, schema: S): z.output<S> {
  const query = queryOf(url);
  rejectUnstorableText(query);
  return parseOrThrow(schema, query, undefined, 'parameter');
}

export function parseQuery<S extends z.ZodType>(ctx: RequestContext, schema: S): z.output<S> {
  return parseQueryOf(ctx.url, schema);
}

/** The `{id}` path parameter as a UUID, or 400 INVALID_PARAMETER. */
export function idParam(ctx: RequestContext): string {
  return parseOrThrow(idParamSchema, ctx.params.id, 'id');
}
