// Types of kept-pages-relay.mjs for the TypeScript that imports it (lib/offers/list-cache.ts, tests).

export type KeptPageMessage =
  | { spoke: 'kept-page-note'; key: string; snapshot: string; from?: number }
  | { spoke: 'kept-page-ask'; id: number; key: string; snapshot: string; to: number; from?: number }
  | { spoke: 'kept-page'; id: number; to: number; from?: number; total?: number; bytes?: string };

export function relayKeptPage(message: { spoke: string; to?: number; id?: number; [field: string]: unknown }, from: number, ready: number[]): [number, object][];

export function isWorker(): boolean;

/** A kept page as the channel reads it: its snapshot, total and bytes. */
export type ChannelPage = { snapshot: string; total: number; data: { readonly bytes: Buffer } };

export type KeptPagesState<Page extends ChannelPage> = {
  pages: Map<string, Page>;
  bytes: number;
  notes: Map<string, { snapshot: string; from: number }>;
  asks: Map<number, (answer: { total: number; bytes: Buffer } | undefined) => void>;
  lastAsk: number;
};

export function keptPagesState<Page extends ChannelPage>(): KeptPagesState<Page>;
