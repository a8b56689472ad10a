import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import * as operations from '@/lib/openapi/operations/by-id';
import { accessoryCategories, catalogueLang } from '@/lib/catalogue/read-catalogue';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/accessory — the leasable accessory categories
  GET: withApi(operations.listAccessoryCategories, async (ctx) => {
    const { lang } = ctx.query();
    const { data, meta } = await accessoryCategories(catalogueLang(lang));
    return envelope(data, meta, 200, { 'Cache-Control': 'private, max-age=300' });
  }),
});
