import type { z } from 'zod';
import { readJsonBody } from '@/lib/api/body';
import { ApiError } from '@/lib/api/errors';
import { json } from '@/lib/api/respond';
import { parseOrThrow } from '@/lib/api/validation';
import { withRequest, type RequestContext, type RouteHandler } from '@/lib/api/with-api';
import { crossOriginRefusal, isSameOrigin, requestUser } from './session';
import type { SignedInUser } from './sessions';

// The wrapper of the account endpoints (app/api/account/**): forms of our own pages only (same
// origin), errors in the envelope, nothing cached. `signedIn` also requires a live session.

export type AccountContext = RequestContext & { user: SignedInUser | null };

export function withAccount(
  options: { signedIn: boolean; face?: 'portal' | 'employer' },
  handler: (ctx: AccountContext) => Promise<Response>,
): RouteHandler {
  return withRequest(async (ctx) => {
    if (!isSameOrigin(ctx.req)) throw crossOriginRefusal(ctx.req, options.face ?? 'portal');
    let user: SignedInUser | null = null;
    if (options.signedIn) {
      user = (await requestUser(ctx.req)) ?? null;
      if (!user) throw new ApiError('UNAUTHORIZED', { details: 'Sign in first.' });
    }
    const res = await handler({ ...ctx, user });
    res.headers.set('Cache-Control', 'no-store');
    return res;
  });
}

export async function accountBody<S extends z.ZodType>(ctx: AccountContext, schema: S): Promise<z.output<S>> {
  return parseOrThrow(schema, await readJsonBody(ctx.req));
}

export const ok = (data: unknown, status = 200) => json({ data, meta: {} }, status);
