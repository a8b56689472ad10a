import { Readable } from 'node:stream';
import { withRequest } from '@/lib/api/with-api';
import { csvStream, exportFilename, exportQueryOf, xlsxStream } from '@/lib/exports/offer-export';
import { portalViewerOf } from '@/lib/portal/http/server';

// GET /portal/offers/export?format=xlsx|csv&<the list's filters> — the signed-in dealer user's
// offers of the current filter and environment, streamed. The filters follow the /v1 list's
// rules and are checked in full before the file starts (400 in the error envelope otherwise).

export const GET = withRequest(async ({ req, url }) => {
  const viewer = await portalViewerOf(req);
  if (!viewer) return new Response(null, { status: 303, headers: { Location: new URL('/portal/sign-in', req.url).toString() } });
  const query = exportQueryOf(url);
  const { tenant, lang } = viewer;
  const stream = query.format === 'xlsx' ? xlsxStream(tenant, query, lang) : csvStream(tenant, query, lang);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': query.format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFilename(tenant.environment, query.format, lang)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
});
