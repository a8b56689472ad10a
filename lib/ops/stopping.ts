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
