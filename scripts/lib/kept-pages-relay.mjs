// Kept list pages shared between the workers of `npm start` (lib/offers/list-cache.ts keeps them).
// A worker that keeps a page notes it to the others ("this page, under this snapshot"); a worker
// asked for the same page under the same snapshot fetches it from that one instead of reading it.
// The primary relays: a note to every other ready worker, an ask and its answer to the worker they
// name, with the sender's slot added as `from`.
//
// Plain JavaScript, so that scripts/server.mjs can set up a worker's side before Next.js loads any
// route (a note that arrived before would be lost), and the app's bundles — which may hold several
// copies of a module — all find the one state of the process on globalThis.

/**
 * Where a worker's message goes: [slot, message] pairs. An ask for a worker that is not ready
 * (restarted, stopping) is answered at once with nothing, so the asker reads the page itself.
 * @param {{ spoke: string, to?: number, id?: number }} message what a worker sent
 * @param {number} from the sender's slot
 * @param {number[]} ready the slots of the workers that are ready
 * @returns {[number, object][]}
 */
export function relayKeptPage(message, from, ready) {
  if (message.spoke === 'kept-page-note') return ready.filter((slot) => slot !== from).map((slot) => [slot, { ...message, from }]);
  if (message.spoke !== 'kept-page-ask' && message.spoke !== 'kept-page') return [];
  if (typeof message.to === 'number' && message.to !== from && ready.includes(message.to)) return [[message.to, { ...message, from }]];
  if (message.spoke === 'kept-page-ask' && typeof message.id === 'number') return [[from, { spoke: 'kept-page', id: message.id, to: from, from }]];
  return [];
}

const STATE = Symbol.for('spoke.keptPages');
const NOTES_MAX = 5000;

/** A worker of `npm start` (scripts/start.mjs sets the slot): it has others to share with. */
export const isWorker = () => !!process.send && process.env.SPOKE_WORKER_SLOT !== undefined;

/**
 * The kept pages of this process and what it knows of the other workers' pages; in a worker, its
 * side of the channel is listening from the first call on.
 */
export function keptPagesState() {
  let state = globalThis[STATE];
  if (!state) {
    state = { pages: new Map(), bytes: 0, notes: new Map(), asks: new Map(), lastAsk: 0 };
    globalThis[STATE] = state;
    if (isWorker()) process.on('message', (message) => onMessage(state, message));
  }
  return state;
}

function onMessage(state, m) {
  if (typeof m?.spoke !== 'string' || !m.spoke.startsWith('kept-page')) return;
  if (m.spoke === 'kept-page-note' && typeof m.key === 'string' && typeof m.snapshot === 'string' && typeof m.from === 'number') {
    state.notes.delete(m.key);
    if (state.notes.size >= NOTES_MAX) state.notes.delete(state.notes.keys().next().value);
    state.notes.set(m.key, { snapshot: m.snapshot, from: m.from });
  } else if (m.spoke === 'kept-page-ask' && typeof m.id === 'number' && typeof m.key === 'string' && typeof m.from === 'number') {
    // Only a page kept under the snapshot asked for answers: another one would not be exact.
    const page = state.pages.get(m.key);
    const found = page && page.snapshot === m.snapshot;
    process.send({ spoke: 'kept-page', id: m.id, to: m.from, ...(found ? { total: page.total, bytes: page.data.bytes.toString('base64') } : {}) });
  } else if (m.spoke === 'kept-page' && typeof m.id === 'number') {
    const found = typeof m.bytes === 'string' && typeof m.total === 'number';
    state.asks.get(m.id)?.(found ? { total: m.total, bytes: Buffer.from(m.bytes, 'base64') } : undefined);
  }
}
