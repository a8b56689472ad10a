import { route } from '@/lib/api/with-api';
import { ok, withPortal } from '@/lib/portal/http/route';
import { productMemory } from '@/lib/portal/use-cases/products';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /api/portal/products — the bicycles and accessories the signed-in dealer has offered in the
  // portal's environment, most recently offered first (the builder's suggestions)
  GET: withPortal(async (ctx) => ok(await productMemory({ dealerId: ctx.dealerId, environment: ctx.scope.environment }))),
});
