import { ApiError } from '@/lib/api/errors';
import { offerDocument, pdfResponse } from '@/lib/documents/offer-document';
import { portalTenant } from '@/lib/portal/http/server';

// GET /portal/offers/{id}/document — the offer document (PDF) for the signed-in dealer user: the
// portal's download link. The same document as GET /v1/offers/{id} with Accept: application/pdf.

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const tenant = await portalTenant();
  if (!tenant) return Response.redirect(new URL('/portal/sign-in', req.url), 303);
  const { id } = await params;
  if (!UUID.test(id)) return new Response('Not found', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
  try {
    return pdfResponse(await offerDocument(tenant, id, tenant.lang), { 'Cache-Control': 'private, no-store' });
  } catch (err) {
    if (err instanceof ApiError && err.code === 'NOT_FOUND') {
      return new Response(tenant.lang === 'en' ? 'Offer not found' : 'Angebot nicht gefunden', { status: 404, headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
    }
    throw err;
  }
}
