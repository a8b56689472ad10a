import 'server-only';
import { sessionUser } from '@/lib/auth/sessions';
import { watchOffer } from '@/lib/offers/use-cases/offer-watch';
import { endedByAny, stoppingSignal } from '@/lib/runtime/stopping';
import type { Tenant } from '@/lib/shared/model';

// The portal offer page's Server-Sent Events (GET /portal/offers/{id}/events): the offer's version
// (when it last changed) at once and on every change, for the signed-in dealer user's tenant. A
// stream is only as good as the session that opened it: the session is checked again before every
// event and every SESSION_CHECK_MS, and the stream ends as soon as it was ended (signed out, the
// password changed, the user disabled) or no longer reaches the tenant (production access taken
// away). Every stream ends after MAX_LIFETIME_MS at the latest; the browser's EventSource then
// opens a new one, which is checked like any request.

export const SESSION_CHECK_MS = 5_000;
export const MAX_LIFETIME_MS = 10 * 60_000;
const KEEPALIVE_MS = 25_000;
/** How soon the browser reconnects after a stream ended by its lifetime. */
const RETRY_MS = 2_000;

export type StreamViewer = { userId: string; sid: string; tenant: Tenant };

/** Whether the viewer's session still exists and still reaches the tenant the stream shows. */
export async function viewerStillAllowed(viewer: StreamViewer): Promise<boolean> {
  const user = await sessionUser({ sub: viewer.userId, sid: viewer.sid });
  if (!user || user.role !== 'dealer' || user.dealerId !== viewer.tenant.dealerId) return false;
  return viewer.tenant.environment === 'sandbox' || user.productionEnabled;
}

/**
 * The event stream of the viewer's offer, or null when the tenant has no such offer. It ends when
 * `pageGone` aborts, the server begins to stop, the session ends, or its lifetime is over.
 */
export async function offerEventStream(
  viewer: StreamViewer,
  id: string,
  pageGone: AbortSignal,
  options: { sessionCheckMs?: number; maxLifetimeMs?: number } = {},
): Promise<ReadableStream<Uint8Array> | null> {
  const stop = endedByAny([pageGone, stoppingSignal()]);
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
  const allowed = async () => {
    const ok = !stop.signal.aborted && (await viewerStillAllowed(viewer).catch(() => false));
    if (!ok) stop.abort();
    return ok;
  };
  let first = true;
  const found = await watchOffer(
    viewer.tenant,
    id,
    async (version) => {
      // The first version is sent right after the request's own session check.
      if (first || (await allowed())) write(`${first ? `retry: ${RETRY_MS}\n` : ''}data: ${version}\n\n`);
      first = false;
    },
    stop.signal,
  );
  if (!found) {
    stop.abort();
    return null;
  }
  // A comment now and then keeps proxies from closing an idle stream.
  const keepalive = setInterval(() => write(': keepalive\n\n'), KEEPALIVE_MS);
  const check = setInterval(() => void allowed(), options.sessionCheckMs ?? SESSION_CHECK_MS);
  const lifetime = setTimeout(() => stop.abort(), options.maxLifetimeMs ?? MAX_LIFETIME_MS);
  const end = () => {
    clearInterval(keepalive);
    clearInterval(check);
    clearTimeout(lifetime);
    try {
      controller.close();
    } catch {
      // Already closed by the client.
    }
  };
  if (stop.signal.aborted) end();
  else stop.signal.addEventListener('abort', end, { once: true });
  return stream;
}
