import { parseQuery } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { accessoryCategories, catalogueLang } from '@/lib/catalogue/read-catalogue';
import { catalogueQuerySchema } from '@/lib/catalogue/schemas';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/accessory — the leasable accessory categories
  GET: withApi('catalogue:read', async (ctx) => {
    const { lang } = parseQuery(ctx, catalogueQuerySchema);
    const { data, meta } = await accessoryCategories(catalogueLang(lang));
    return envelope(data, meta, 200, { 'Cache-Control': 'private, max-age=300' });
  }),
});
