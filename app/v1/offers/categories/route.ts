import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { allCategories, catalogueLang } from '@/lib/catalogue/read-catalogue';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/categories — all leasable bicycle and accessory categories
  GET: withApi(operations.listCategories, async (ctx) => {
    const { lang, email } = ctx.query();
    const { data, meta } = await allCategories(catalogueLang(lang), email);
    return envelope(data, meta, 200, { 'Cache-Control': 'private, max-age=300' });
  }),
});
