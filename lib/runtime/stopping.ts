import 'server-only';

// The moment the server begins to stop (scripts/server.mjs aborts this signal first thing on
// SIGTERM): answers that never end by themselves — the offer page's event stream — end then, so
// the drain waits only for ordinary requests. Process-wide on globalThis, since Next.js bundles
// routes separately and the server script is outside the bundles.

const KEY = Symbol.for('spoke.stopping');

/** Aborted when the server begins to stop. */
export function stoppingSignal(): AbortSignal {
  const holder = globalThis as { [KEY]?: AbortController };
  return (holder[KEY] ??= new AbortController()).signal;
}

/**
 * A controller aborted as soon as any of `signals` is (or already was). Once it is aborted — by
 * one of them or by its own abort() — it takes its listeners off all of them: a long-lived signal
 * such as stoppingSignal() does not keep every ended stream's listener, and what it holds, until
 * the process stops.
 */
export function endedByAny(signals: readonly AbortSignal[]): AbortController {
  const stop = new AbortController();
  const onEnded = () => stop.abort();
  stop.signal.addEventListener('abort', () => signals.forEach((s) => s.removeEventListener('abort', onEnded)), { once: true });
  for (const signal of signals) {
    if (signal.aborted) {
      stop.abort();
      break;
    }
    signal.addEventListener('abort', onEnded, { once: true });
  }
  return stop;
}
