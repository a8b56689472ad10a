import { Readable } from 'node:stream';
import { csvStream, exportFilename, exportQuery, xlsxStream } from '@/lib/exports/offer-export';
import { portalTenant } from '@/lib/portal/http/server';

// GET /portal/offers/export?format=xlsx|csv&<the list's filters> — the signed-in dealer user's
// offers of the current filter and environment, streamed.

export async function GET(req: Request) {
  const tenant = await portalTenant();
  if (!tenant) return Response.redirect(new URL('/portal/sign-in', req.url), 303);
  const params = new URL(req.url).searchParams;
  const format = params.get('format') === 'csv' ? 'csv' : 'xlsx';
  const parsed = exportQuery(params);
  if (!parsed.success) {
    return new Response(tenant.lang === 'en' ? 'Invalid filter values.' : 'Ungültige Filterwerte.', { status: 400, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  }
  const stream = format === 'xlsx' ? xlsxStream(tenant, parsed.data, tenant.lang) : csvStream(tenant, parsed.data, tenant.lang);
  return new Response(Readable.toWeb(stream) as ReadableStream, {
    headers: {
      'Content-Type': format === 'xlsx' ? 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' : 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${exportFilename(tenant.environment, format, tenant.lang)}"`,
      'Cache-Control': 'private, no-store',
    },
  });
}
