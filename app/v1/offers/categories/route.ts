import { parseQuery } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { allCategories, catalogueLang } from '@/lib/catalogue/read-catalogue';
import { categoriesQuerySchema } from '@/lib/catalogue/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/categories — all leasable bicycle and accessory categories
  GET: withApi('catalogue:read', async (ctx) => {
    const { lang, email } = parseQuery(ctx, categoriesQuerySchema);
    const { data, meta } = await allCategories(catalogueLang(lang), email);
    return envelope(data, meta, 200, { 'Cache-Control': 'private, max-age=300' });
  }),
});
