import { offerEventStream } from '@/lib/portal/offer-events';
import { portalViewerOf } from '@/lib/portal/http/server';
import { answerTexts } from '@/lib/i18n/messages';
import { UUID_PATTERN } from '@/lib/shared/validation';

// GET /portal/offers/{id}/events — Server-Sent Events for the portal's offer page: the offer's
// version at once and on every change, for the signed-in dealer user's tenant, while the session
// lasts (lib/portal/offer-events.ts). The page refetches the offer when the version differs from
// what it shows (components/portal/offer-live-status.tsx).

const text = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const viewer = await portalViewerOf(req);
  if (!viewer) return text(401, 'Not signed in');
  const { id } = await params;
  const notFound = () => text(404, answerTexts.offerNotFound[viewer.lang]);
  if (!UUID_PATTERN.test(id)) return notFound();
  const stream = await offerEventStream(viewer, id, req.signal);
  if (!stream) return notFound();
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the server's compression would hold the events back.
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
