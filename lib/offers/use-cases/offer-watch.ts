import 'server-only';
import { database, getDb } from '@/lib/database';
import { OFFER_CHANGED_CHANNEL, offerVersion } from '@/db/repositories/offers';
import type { Tenant } from '@/lib/shared/model';

// The portal's offer page follows its offer live (app/(portal)/portal/(app)/offers/[id]/events):
// every change of an offer is announced on OFFER_CHANGED_CHANNEL (a trigger, migration 0012), and
// one listening connection per process, open only while some page watches, tells the watchers of
// that offer. A watcher reads the offer's version again, scoped by its tenant, and is told only
// when it changed. A poll every POLL_MS covers a listener that is down (Database.listen retries).

const POLL_MS = 15_000;

type Hub = { watchers: Map<string, Set<() => void>>; stop?: () => Promise<void> };
// Next.js bundles routes separately: the hub is process-wide on globalThis, like the database.
const KEY = Symbol.for('spoke.offerWatch');

function hub(): Hub {
  const holder = globalThis as { [KEY]?: Hub };
  return (holder[KEY] ??= { watchers: new Map() });
}

function subscribe(id: string, onChange: () => void): () => void {
  const h = hub();
  let set = h.watchers.get(id);
  if (!set) h.watchers.set(id, (set = new Set()));
  set.add(onChange);
  h.stop ??= database().listen(OFFER_CHANGED_CHANNEL, (payload) => {
    // No payload: listening (re)started, and anything may have changed meanwhile.
    const targets = payload === undefined ? [...h.watchers.values()].flatMap((s) => [...s]) : [...(h.watchers.get(payload) ?? [])];
    for (const target of targets) target();
  });
  return () => {
    set.delete(onChange);
    if (set.size === 0) h.watchers.delete(id);
    if (h.watchers.size === 0 && h.stop) {
      const stop = h.stop;
      h.stop = undefined;
      void stop();
    }
  };
}

/**
 * Watches the tenant's offer: `send` gets its version (when it last changed, ISO) at once and again
 * on every change, one call after the other, until `signal` aborts. Answers false, sending
 * nothing, when the tenant has no such offer.
 */
export async function watchOffer(tenant: Tenant, id: string, send: (version: string) => void | Promise<void>, signal: AbortSignal): Promise<boolean> {
  const first = await offerVersion(getDb(), tenant, id);
  if (!first || signal.aborted) return !!first;
  let last = first.toISOString();
  await send(last);
  // One read at a time; a change announced during a read is read again after it.
  let reading = false;
  let again = false;
  const check = async () => {
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    do {
      again = false;
      try {
        const version = (await offerVersion(getDb(), tenant, id))?.toISOString();
        if (version && version !== last && !signal.aborted) await send((last = version));
      } catch {
        // The database is away: the next announcement or poll tries again.
      }
    } while (again && !signal.aborted);
    reading = false;
  };
  const unsubscribe = subscribe(id, () => void check());
  const poll = setInterval(() => void check(), POLL_MS);
  signal.addEventListener(
    'abort',
    () => {
      clearInterval(poll);
      unsubscribe();
    },
    { once: true },
  );
  return true;
}
