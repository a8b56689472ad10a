// Kept list pages and search terms' matches shared between the workers of `npm start`
// (lib/offers/list-cache.ts and lib/offers/search-matches.ts keep them). A worker that keeps a page
// or a term's matches notes it to the others ("this key, under this snapshot"); a worker asked for
// the same under the same snapshot fetches it from that one instead of reading it. The primary
// relays: a note to every other ready worker, an ask and its answer to the worker they name, with
// the sender's slot added as `from`.
//
// Plain JavaScript, so that scripts/server.mjs can set up a worker's side before Next.js loads any
// route (a note that arrived before would be lost), and the app's bundles — which may hold several
// copies of a module — all find the one state of the process on globalThis.

/** What is shared: `kept-<kind>-note`, `kept-<kind>-ask` and the answer `kept-<kind>`. */
const KINDS = ['page', 'term'];

/**
 * Where a worker's message goes: [slot, message] pairs. An ask for a worker that is not ready
 * (restarted, stopping) is answered at once with nothing, so the asker reads the page itself.
 * @param {{ spoke: string, to?: number, id?: number }} message what a worker sent
 * @param {number} from the sender's slot
 * @param {number[]} ready the slots of the workers that are ready
 * @returns {[number, object][]}
 */
export function relayKeptPage(message, from, ready) {
  const kind = KINDS.find((k) => [`kept-${k}-note`, `kept-${k}-ask`, `kept-${k}`].includes(message.spoke));
  if (!kind) return [];
  if (message.spoke === `kept-${kind}-note`) return ready.filter((slot) => slot !== from).map((slot) => [slot, { ...message, from }]);
  if (typeof message.to === 'number' && message.to !== from && ready.includes(message.to)) return [[message.to, { ...message, from }]];
  if (message.spoke === `kept-${kind}-ask` && typeof message.id === 'number') return [[from, { spoke: `kept-${kind}`, id: message.id, to: from, from }]];
  return [];
}

const STATE = Symbol.for('spoke.keptPages');
const NOTES_MAX = 10_000;

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

/** A note's key, snapshot and sender, if `m` is a well-formed note; kept with the newest last. */
function noted(state, m) {
  if (typeof m.key !== 'string' || typeof m.snapshot !== 'string' || typeof m.from !== 'number') return;
  state.notes.delete(m.key);
  if (state.notes.size >= NOTES_MAX) state.notes.delete(state.notes.keys().next().value);
  state.notes.set(m.key, { snapshot: m.snapshot, from: m.from });
}

function onMessage(state, m) {
  if (typeof m?.spoke !== 'string' || !m.spoke.startsWith('kept-page')) return;
  if (m.spoke === 'kept-page-note') {
    noted(state, m);
  } else if (m.spoke === 'kept-page-ask' && typeof m.id === 'number' && typeof m.key === 'string' && typeof m.from === 'number') {
    // Only a page kept under the snapshot asked for answers: another one would not be exact.
    const page = state.pages.get(m.key);
    const found = page && page.snapshot === m.snapshot;
    process.send({ spoke: 'kept-page', id: m.id, to: m.from, ...(found ? { total: page.total, ...pageOnChannel(page.data) } : {}) });
  } else if (m.spoke === 'kept-page' && typeof m.id === 'number') {
    state.asks.get(m.id)?.(typeof m.total === 'number' ? pageFromChannel(m) : undefined);
  }
}

/** A page's value as sent: packed (its answer's gzip, an eighth of the text) once it is, else its text. */
function pageOnChannel(data) {
  const packed = data.packedForm;
  if (packed) return { packed: { ...packed, gzip: packed.gzip.toString('base64') } };
  return { bytes: data.bytes.toString('base64') };
}

/** The page of an answer, if it is a well-formed one. */
function pageFromChannel(m) {
  const p = m.packed;
  if (p && typeof p === 'object') {
    const ok = typeof p.gzip === 'string' && typeof p.meta === 'string' && typeof p.etag === 'string' && Number.isInteger(p.dataOffset) && Number.isInteger(p.length);
    return ok ? { total: m.total, packed: { gzip: Buffer.from(p.gzip, 'base64'), meta: p.meta, etag: p.etag, dataOffset: p.dataOffset, length: p.length } } : undefined;
  }
  return typeof m.bytes === 'string' ? { total: m.total, bytes: Buffer.from(m.bytes, 'base64') } : undefined;
}

/**
 * Asks the worker that noted `key` under exactly `snapshot` for it (`kind`: 'page' or 'term').
 * Resolves with what `accept` makes of the answer the kind's listener passes on, or undefined when
 * no worker noted it under that snapshot, that one no longer has it, `accept` refuses the answer, or
 * none comes within `timeoutMs`; a note that brought nothing is dropped, so it is not asked again.
 */
export function askWorker(state, kind, key, snapshot, timeoutMs, accept) {
  const note = state.notes.get(key);
  if (!isWorker() || note?.snapshot !== snapshot) return Promise.resolve(undefined);
  const id = ++state.lastAsk;
  return new Promise((resolve) => {
    const done = (answer) => {
      clearTimeout(timer);
      state.asks.delete(id);
      const value = answer === undefined ? undefined : accept(answer);
      if (value === undefined && state.notes.get(key) === note) state.notes.delete(key);
      resolve(value);
    };
    const timer = setTimeout(() => done(undefined), timeoutMs);
    state.asks.set(id, done);
    process.send({ spoke: `kept-${kind}-ask`, id, key, snapshot, to: note.from });
  });
}

const TERMS = Symbol.for('spoke.keptTerms');

/**
 * What this process knows of the search terms' matches the other workers keep, and who answers
 * for its own (lib/offers/search-matches.ts adds an answerer per copy of the module); in a worker,
 * its side of the channel is listening from the first call on.
 */
export function keptTermsState() {
  let state = globalThis[TERMS];
  if (!state) {
    state = { notes: new Map(), asks: new Map(), lastAsk: 0, answerers: new Set(), listening: false };
    globalThis[TERMS] = state;
  }
  if (!state.listening && isWorker()) {
    state.listening = true;
    process.on('message', (message) => onTermMessage(state, message));
  }
  return state;
}

function onTermMessage(state, m) {
  if (typeof m?.spoke !== 'string' || !m.spoke.startsWith('kept-term')) return;
  if (m.spoke === 'kept-term-note') {
    noted(state, m);
  } else if (m.spoke === 'kept-term-ask' && typeof m.id === 'number' && typeof m.key === 'string' && typeof m.snapshot === 'string' && typeof m.from === 'number') {
    // Only matches kept under the snapshot asked for answer: others would not be exact.
    let term;
    for (const answer of state.answerers) if ((term = answer(m.key, m.snapshot))) break;
    process.send({ spoke: 'kept-term', id: m.id, to: m.from, ...(term ? { term } : {}) });
  } else if (m.spoke === 'kept-term' && typeof m.id === 'number') {
    state.asks.get(m.id)?.(m.term && typeof m.term === 'object' ? m.term : undefined);
  }
}
