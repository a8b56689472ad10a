import { portalViewerOf } from '@/lib/portal/http/server';
import { invoicePdfAnswer } from '@/lib/purchase-orders/http/invoice-pdf';

// GET /portal/offers/{id}/invoice — the PDF of the offer's newest invoice for the signed-in dealer
// user (the order panel's link).

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await portalViewerOf(req);
  if (!viewer) return Response.redirect(new URL('/portal/sign-in', req.url), 303);
  return invoicePdfAnswer(viewer.tenant, (await params).id, viewer.lang);
}
