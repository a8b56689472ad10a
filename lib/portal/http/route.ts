import 'server-only';
import type { z } from 'zod';
import { ApiError } from '@/lib/api/errors';
import { parseQueryOf } from '@/lib/api/params';
import { parseOrThrow } from '@/lib/api/validation';
import type { RouteHandler } from '@/lib/api/context';
import { accountBody, ok, withAccount, type AccountContext } from '@/lib/auth/account-route';
import { ENV_COOKIE, parseCookies, portalEnvironment } from '@/lib/auth/session';
import type { SignedInUser } from '@/lib/auth/sessions';
import type { NotificationScope } from '@/lib/portal/use-cases/notifications';

// The wrapper of the portal's own endpoints (app/api/portal/**), on the account endpoints' one
// (lib/auth/account-route.ts): our own pages only (same origin), a live session of a dealer user,
// errors in the envelope, nothing cached. The environment is the portal's switch (`spoke-env`
// cookie), production only while the dealer has production access — as on the portal's pages.

export type PortalApiContext = AccountContext & { user: SignedInUser; dealerId: string; scope: NotificationScope };

export function withPortal(handler: (ctx: PortalApiContext) => Promise<Response>): RouteHandler {
  return withAccount({ signedIn: true }, async (ctx) => {
    const user = ctx.user!;
    if (user.role !== 'dealer' || !user.dealerId) throw new ApiError('FORBIDDEN', { details: 'Only dealer users have a portal account.' });
    const requested = parseCookies(ctx.req.headers.get('cookie'))[ENV_COOKIE];
    const environment = portalEnvironment(requested, user.productionEnabled);
    return handler({ ...ctx, user, dealerId: user.dealerId, scope: { userId: user.id, dealerId: user.dealerId, environment } });
  });
}

export async function portalBody<S extends z.ZodType>(ctx: PortalApiContext, schema: S): Promise<z.output<S>> {
  return accountBody(ctx, schema);
}

/** The query parameters, validated by `schema` by the rules of every query of ours (400 naming every problem). */
export function portalQuery<S extends z.ZodType>(ctx: PortalApiContext, schema: S): z.output<S> {
  return parseQueryOf(ctx.url, schema);
}

/** A path parameter validated by `schema` (400 when malformed). */
export function portalParam<S extends z.ZodType>(ctx: PortalApiContext, name: string, schema: S): z.output<S> {
  return parseOrThrow(schema, ctx.params[name], name);
}

export { ok };
