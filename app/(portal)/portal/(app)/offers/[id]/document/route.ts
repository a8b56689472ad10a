import { portalOfferDocument } from '@/lib/portal/offer-document';
import { portalViewerOf } from '@/lib/portal/http/server';

// GET /portal/offers/{id}/document — the offer document (PDF) for the signed-in dealer user: the
// portal's download link (lib/portal/offer-document.ts).

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await portalViewerOf(req);
  if (!viewer) return Response.redirect(new URL('/portal/sign-in', req.url), 303);
  return portalOfferDocument(req, viewer, (await params).id);
}
