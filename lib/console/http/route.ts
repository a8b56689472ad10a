import 'server-only';
import type { z } from 'zod';
import { readJsonBody } from '@/lib/api/body';
import { ApiError } from '@/lib/api/errors';
import { json } from '@/lib/api/respond';
import { parseOrThrow } from '@/lib/api/validation';
import { withRequest, type RequestContext, type RouteHandler } from '@/lib/api/with-api';
import type { Actor } from '@/lib/auth/authenticate';
import { ClientManagementError } from '@/lib/auth/manage-clients';
import { operatorActor, type Operator } from '@/lib/console/use-cases/operator';
import type { StaffOwner } from '@/lib/shared/model';
import { operatorFromRequest } from './auth';
import { uuidParam } from './params';

// The wrapper of every console endpoint (app/api/console/**): the operator check comes first —
// before the body, the path parameters or the resource are looked at — so anyone else gets 401
// or 403 whatever they send. Errors use the /v1 envelope; nothing is cached.

export type ConsoleContext = RequestContext & { operator: Operator; actor: Actor };

export function withConsole(handler: (ctx: ConsoleContext) => Promise<Response>): RouteHandler {
  return withRequest(async (ctx) => {
    const operator = await operatorFromRequest(ctx.req);
    let res: Response;
    try {
      res = await handler({ ...ctx, operator, actor: operatorActor(operator) });
    } catch (err) {
      if (err instanceof ClientManagementError) throw new ApiError('INVALID_PARAMETER', { text: { de: err.message, en: err.message } });
      throw err;
    }
    res.headers.set('Cache-Control', 'no-store');
    return res;
  });
}

/** The JSON body, validated by `schema` (400 naming every problem). */
export async function consoleBody<S extends z.ZodType>(ctx: ConsoleContext, schema: S): Promise<z.output<S>> {
  return parseOrThrow(schema, await readJsonBody(ctx.req));
}

/** A path parameter validated by `schema` (400 when malformed). */
export function consoleParam<S extends z.ZodType>(ctx: ConsoleContext, name: string, schema: S): z.output<S> {
  return parseOrThrow(schema, ctx.params[name], name);
}

export const ok = (data: unknown, status = 200) => json({ data, meta: {} }, status);

/**
 * Whose staff logins a staff endpoint is about: the dealer's of /api/console/dealers/{id}/users/…
 * or the employer's of /api/console/employers/{id}/users/… (the same route files serve both).
 */
export function consoleStaffOwner(ctx: ConsoleContext): StaffOwner {
  const id = consoleParam(ctx, 'id', uuidParam);
  return ctx.url.pathname.startsWith('/api/console/employers/') ? { employerId: id } : { dealerId: id };
}
