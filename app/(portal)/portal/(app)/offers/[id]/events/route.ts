import { watchOffer } from '@/lib/offers/offer-watch';
import { endedByAny, stoppingSignal } from '@/lib/ops/stopping';
import { portalTenant } from '@/lib/portal/http/server';

// GET /portal/offers/{id}/events — Server-Sent Events for the portal's offer page: the offer's
// version (when it last changed) at once and on every change, for the signed-in dealer user's
// tenant (dealer and the environment chosen in the portal). The page refetches the offer when the
// version differs from what it shows (components/portal/offer-live-status.tsx).

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const KEEPALIVE_MS = 25_000;
const text = (status: number, body: string) => new Response(body, { status, headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'private, no-store' } });

export async function GET(req: Request, { params }: { params: Promise<{ id: string }> }) {
  const tenant = await portalTenant();
  if (!tenant) return text(401, 'Not signed in');
  const { id } = await params;
  const notFound = () => text(404, tenant.lang === 'en' ? 'Offer not found' : 'Angebot nicht gefunden');
  if (!UUID.test(id)) return notFound();

  // The stream ends when the page goes away or when the server begins to stop.
  const stop = endedByAny([req.signal, stoppingSignal()]);
  const encoder = new TextEncoder();
  let controller!: ReadableStreamDefaultController<Uint8Array>;
  const stream = new ReadableStream<Uint8Array>({
    start: (c) => void (controller = c),
    cancel: () => stop.abort(),
  });
  const write = (chunk: string) => {
    try {
      controller.enqueue(encoder.encode(chunk));
    } catch {
      stop.abort();
    }
  };
  const found = await watchOffer(tenant, id, (version) => write(`data: ${version}\n\n`), stop.signal);
  if (!found) {
    stop.abort();
    return notFound();
  }
  // A comment now and then keeps proxies from closing an idle stream.
  const keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
  const end = () => {
    clearInterval(keepalive);
    try {
      controller.close();
    } catch {
      // Already closed by the client.
    }
  };
  if (stop.signal.aborted) end();
  else stop.signal.addEventListener('abort', end, { once: true });
  return new Response(stream, {
    headers: {
      'Content-Type': 'text/event-stream; charset=utf-8',
      // no-transform: the server's compression would hold the events back.
      'Cache-Control': 'private, no-store, no-transform',
      'X-Accel-Buffering': 'no',
    },
  });
}
