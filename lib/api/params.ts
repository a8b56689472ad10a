import 'server-only';
import type { z } from 'zod';
import { parseOrThrow, rejectUnstorableText } from './validation';
import type { RequestContext } from './with-api';
import { idParamSchema } from '@/lib/offers/schemas';

/** The query string as an object (a repeated parameter keeps its last value). */
export function queryOf(url: URL): Record<string, string> {
  return Object.fromEntries(url.searchParams.entries());
}

export function parseQuery<S extends z.ZodType>(ctx: RequestContext, schema: S): z.output<S> {
  const query = queryOf(ctx.url);
  rejectUnstorableText(query);
  return parseOrThrow(schema, query, undefined, 'parameter');
}

/** The `{id}` path parameter as a UUID, or 400 INVALID_PARAMETER. */
export function idParam(ctx: RequestContext): string {
  return parseOrThrow(idParamSchema, ctx.params.id, 'id');
}
