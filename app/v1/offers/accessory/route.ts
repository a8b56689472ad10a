import { parseQuery } from '@/lib/api/params';
import { envelope } from '@/lib/api/respond';
import { route, withApi } from '@/lib/api/with-api';
import { accessoryCategories, catalogueQuerySchema } from '@/lib/catalogue/read-catalogue';
import { pickLang } from '@/lib/i18n/messages';

export const { GET, POST, PUT, PATCH, DELETE, OPTIONS } = route({
  // GET /v1/offers/accessory — the leasable accessory categories
  GET: withApi('catalogue:read', async (ctx) => {
    const { lang } = parseQuery(ctx, catalogueQuerySchema);
    const { data, meta } = await accessoryCategories(pickLang(lang, 'de'));
    return envelope(data, meta, 200, { 'Cache-Control': 'private, max-age=300' });
  }),
});
