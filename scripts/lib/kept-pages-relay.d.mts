// Types of kept-pages-relay.mjs for the TypeScript that imports it (lib/offers/list-cache.ts, tests).

export type KeptPageMessage =
  | { spoke: 'kept-page-note'; key: string; snapshot: string; from?: number }
  | { spoke: 'kept-page-ask'; id: number; key: string; snapshot: string; to: number; from?: number }
  | { spoke: 'kept-page'; id: number; to: number; from?: number; total?: number; bytes?: string; packed?: ChannelPacked<string> };

/** A packed page (lib/api/respond.ts, SerializedJson): its answer's gzip (base64 on the wire), meta, ETag, where its text lies. */
export type ChannelPacked<Gzip = Buffer> = { gzip: Gzip; meta: string; etag: string; dataOffset: number; length: number };

export function relayKeptPage(message: { spoke: string; to?: number; id?: number; [field: string]: unknown }, from: number, ready: number[]): [number, object][];

export function isWorker(): boolean;

/** A kept page as the channel reads it: its snapshot, total and bytes, or its packed form once packed. */
export type ChannelPage = { snapshot: string; total: number; data: { readonly bytes: Buffer; readonly packedForm: ChannelPacked | undefined } };

export type KeptPagesState<Page extends ChannelPage> = {
  pages: Map<string, Page>;
  bytes: number;
  notes: Map<string, { snapshot: string; from: number }>;
  asks: Map<number, (answer: { total: number; bytes?: Buffer; packed?: ChannelPacked } | undefined) => void>;
  lastAsk: number;
  /** The pages held unpacked, least recently used first, and their bytes (lib/offers/list-cache.ts sets it up). */
  unpacked?: { pages: Map<string, Page>; bytes: number };
};

export function keptPagesState<Page extends ChannelPage>(): KeptPagesState<Page>;

/** A term's kept matches as the channel carries them: the text, the key it is in, other orders as base64 of their arrays. */
export type SharedTerm = { text: string; readIn: string; orders: Record<string, string> };

export type KeptTermMessage =
  | { spoke: 'kept-term-note'; key: string; snapshot: string; from?: number }
  | { spoke: 'kept-term-ask'; id: number; key: string; snapshot: string; to: number; from?: number }
  | { spoke: 'kept-term'; id: number; to: number; from?: number; term?: SharedTerm };

export type KeptTermsState = {
  notes: Map<string, { snapshot: string; from: number }>;
  asks: Map<number, (term: SharedTerm | undefined) => void>;
  lastAsk: number;
  /** Each returns the term kept for `key` under exactly `snapshot`, if its copy of the module keeps it. */
  answerers: Set<(key: string, snapshot: string) => SharedTerm | undefined>;
  /** Whether this process listens on the channel (once it is a worker). */
  listening: boolean;
};

export function keptTermsState(): KeptTermsState;

/** Asks the worker that noted `key` under exactly `snapshot` for it; undefined when none noted it, it has nothing, `accept` refuses the answer, or none comes in time. */
export function askWorker<Answer, Value>(
  state: { notes: Map<string, { snapshot: string; from: number }>; asks: Map<number, (answer: Answer | undefined) => void>; lastAsk: number },
  kind: 'page' | 'term',
  key: string,
  snapshot: string,
  timeoutMs: number,
  accept: (answer: Answer) => Value | undefined,
): Promise<Value | undefined>;
