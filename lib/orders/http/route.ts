import 'server-only';
import type { z } from 'zod';
import { readJsonBody } from '@/lib/api/body';
import { ApiError } from '@/lib/api/errors';
import { json } from '@/lib/api/respond';
import { parseOrThrow } from '@/lib/api/validation';
import { withRequest, type RequestContext, type RouteHandler } from '@/lib/api/with-api';
import { clientAddress } from '@/lib/api/client-address';
import { isSameOrigin } from '@/lib/auth/session';

// The wrapper of the customer's endpoints (app/api/order/**): no account, the link's token in the
// body. Only our own pages may call them (same origin); the answer is never cached and never
// passes its address on as a referrer.

export type OrderContext = RequestContext & { address: string };

export function withOrder(handler: (ctx: OrderContext) => Promise<Response>): RouteHandler {
  return withRequest(async (ctx) => {
    if (!isSameOrigin(ctx.req)) throw new ApiError('FORBIDDEN', { details: 'Orders are placed from the offer’s page itself (same origin).' });
    const res = await handler({ ...ctx, address: clientAddress(ctx.req) });
    res.headers.set('Cache-Control', 'no-store');
    res.headers.set('Referrer-Policy', 'no-referrer');
    return res;
  });
}

export async function orderBody<S extends z.ZodType>(ctx: OrderContext, schema: S): Promise<z.output<S>> {
  return parseOrThrow(schema, await readJsonBody(ctx.req));
}

export const ok = (data: unknown, status = 200) => json({ data, meta: {} }, status);
