import { afterAll, describe, expect, it } from 'vitest';
import { gunzipSync } from 'node:zlib';
import { RAW_BODY } from '@/lib/api/direct-routes';
import { cacheableEnvelope, SerializedJson } from '@/lib/api/respond';
import { relayKeptPage } from '../scripts/lib/kept-pages-relay.mjs';

// Kept list pages shared between the workers of `npm start` (lib/offers/list-cache.ts): a worker
// that keeps a page notes it (key and snapshot) to the others through the primary
// (scripts/start.mjs, scripts/lib/kept-pages-relay.mjs); a worker asked for the same page under the
// same snapshot fetches it from that one instead of reading it. Here this test process is such a
// worker: it sees what it sends, and receives messages as a worker would.

process.env.SPOKE_WORKER_SLOT = '1';
afterAll(() => {
  delete process.env.SPOKE_WORKER_SLOT;
});

/** Runs `action` with process.send captured; returns what was sent. */
async function capture(action: () => unknown): Promise<unknown[]> {
  const sent: unknown[] = [];
  const send = process.send!;
  process.send = ((message: unknown) => (sent.push(message), true)) as typeof process.send;
  try {
    await action();
  } finally {
    process.send = send;
  }
  return sent;
}

const deliver = (message: unknown) => process.emit('message', message as never, undefined);

describe('kept pages shared between workers', () => {
  it('notes what it keeps (key and snapshot, no bytes), and answers an ask only for that snapshot', async () => {
    const { keepPage } = await import('@/lib/offers/list-cache');
    expect(typeof process.send).toBe('function');
    const noted = await capture(() => {
      keepPage('own', { snapshot: '100:100:', total: 2, data: new SerializedJson('[{"n":"Müller"}]') });
      keepPage('quiet', { snapshot: '100:100:', total: 1, data: new SerializedJson('[]') }, false);
    });
    expect(noted).toEqual([{ spoke: 'kept-page-note', key: 'own', snapshot: '100:100:' }]);

    const answers = await capture(() => {
      deliver({ spoke: 'kept-page-ask', id: 7, key: 'own', snapshot: '100:100:', to: 1, from: 0 });
      deliver({ spoke: 'kept-page-ask', id: 8, key: 'own', snapshot: '100:101:', to: 1, from: 0 });
      deliver({ spoke: 'kept-page-ask', id: 9, key: 'nothing', snapshot: '100:100:', to: 1, from: 0 });
    });
    expect(answers).toEqual([
      { spoke: 'kept-page', id: 7, to: 0, total: 2, bytes: Buffer.from('[{"n":"Müller"}]').toString('base64') },
      { spoke: 'kept-page', id: 8, to: 0 },
      { spoke: 'kept-page', id: 9, to: 0 },
    ]);
  });

  it("fetches a page another worker noted, for that snapshot only, and keeps it", async () => {
    const { keptPage, sharedPage } = await import('@/lib/offers/list-cache');
    deliver({ spoke: 'kept-page-note', key: 'other', snapshot: '200:201:', from: 0 });
    // Another snapshot, or a page nobody noted: nothing is asked.
    expect(await capture(async () => expect(await sharedPage('other', '200:202:')).toBeUndefined())).toEqual([]);
    expect(await capture(async () => expect(await sharedPage('unknown', '200:201:')).toBeUndefined())).toEqual([]);

    let fetched: Promise<unknown> | undefined;
    const asked = await capture(() => {
      fetched = sharedPage('other', '200:201:');
    });
    expect(asked).toEqual([{ spoke: 'kept-page-ask', id: expect.any(Number), key: 'other', snapshot: '200:201:', to: 0 }]);
    const id = (asked[0] as { id: number }).id;
    deliver({ spoke: 'kept-page', id, to: 1, from: 0, total: 7, bytes: Buffer.from('[{"n":"Yılmaz"}]').toString('base64') });
    const page = (await fetched) as { total: number; data: SerializedJson; snapshot: string };
    expect(page.total).toBe(7);
    expect(page.data.bytes.toString()).toBe('[{"n":"Yılmaz"}]');
    // Kept here now, under that snapshot only.
    expect(keptPage('other', '200:201:')?.total).toBe(7);
    expect(keptPage('other', '200:202:')).toBeUndefined();
  });

  it('sends a packed page as its gzip and keeps a fetched one packed, answering the same bytes', async () => {
    const { keepPage, keptPage, sharedPage } = await import('@/lib/offers/list-cache');
    const text = JSON.stringify(Array.from({ length: 40 }, (_, i) => ({ n: `Jürgen Müller ${i}`, notes: 'Lieferung an die Filiale. '.repeat(10) })));
    const data = new SerializedJson(text);
    await capture(() => keepPage('packed', { snapshot: '500:500:', total: 40, data }));
    // Answered once (its envelope written), then packed: only the envelope's gzip is held.
    const first = cacheableEnvelope(new Request('http://spoke.test/v1/offers'), data, { totalCount: 40 });
    const body = (first as Response & { [RAW_BODY]?: Buffer })[RAW_BODY]!;
    expect(data.pack()).toBe(true);
    expect(data.unpacked).toBe(0);
    const [answer] = (await capture(() => deliver({ spoke: 'kept-page-ask', id: 11, key: 'packed', snapshot: '500:500:', to: 1, from: 0 }))) as {
      packed: { gzip: string; meta: string; etag: string; dataOffset: number; length: number };
    }[];
    expect(answer).toMatchObject({ spoke: 'kept-page', id: 11, to: 0, total: 40, packed: { meta: '{"totalCount":40}', etag: first.headers.get('etag') } });
    expect(answer!).not.toHaveProperty('bytes');
    const gzip = Buffer.from(answer!.packed.gzip, 'base64');
    expect(gzip.length).toBeLessThan(text.length / 4);
    expect(gunzipSync(gzip).equals(body)).toBe(true);

    // The worker that fetches it keeps it packed and answers what the first one did.
    deliver({ spoke: 'kept-page-note', key: 'fetched', snapshot: '500:501:', from: 0 });
    let fetched: Promise<unknown> | undefined;
    const [ask] = await capture(() => {
      fetched = sharedPage('fetched', '500:501:');
    });
    deliver({ ...answer, id: (ask as { id: number }).id, to: 1, from: 0 });
    const page = (await fetched) as { total: number; data: SerializedJson };
    expect(page.data.unpacked).toBe(0);
    expect(page.data.bytes.toString()).toBe(text);
    expect(keptPage('fetched', '500:501:')?.total).toBe(40);
    const again = cacheableEnvelope(new Request('http://spoke.test/v1/offers'), page.data, { totalCount: 40 });
    expect((again as Response & { [RAW_BODY]?: Buffer })[RAW_BODY]!.equals(body)).toBe(true);
    expect(again.headers.get('etag')).toBe(first.headers.get('etag'));

    // A packed answer that is not one is refused: the page is read instead.
    deliver({ spoke: 'kept-page-note', key: 'bad-packed', snapshot: '500:502:', from: 0 });
    const [badAsk] = await capture(() => {
      fetched = sharedPage('bad-packed', '500:502:');
    });
    deliver({ spoke: 'kept-page', id: (badAsk as { id: number }).id, to: 1, from: 0, total: 1, packed: { gzip: 42, meta: '{}', etag: 'x', dataOffset: 8, length: 2 } });
    expect(await fetched).toBeUndefined();
  });

  it('reads itself when the other worker no longer has the page or does not answer', async () => {
    const { sharedPage, ASK_TIMEOUT_MS } = await import('@/lib/offers/list-cache');
    deliver({ spoke: 'kept-page-note', key: 'gone', snapshot: '300:300:', from: 0 });
    let fetched: Promise<unknown> | undefined;
    const [ask] = await capture(() => {
      fetched = sharedPage('gone', '300:300:');
    });
    deliver({ spoke: 'kept-page', id: (ask as { id: number }).id, to: 1, from: 0 });
    expect(await fetched).toBeUndefined();
    // The note is dropped with the answer: the next request does not ask again.
    expect(await capture(async () => expect(await sharedPage('gone', '300:300:')).toBeUndefined())).toEqual([]);

    deliver({ spoke: 'kept-page-note', key: 'silent', snapshot: '400:400:', from: 0 });
    const started = Date.now();
    await capture(async () => expect(await sharedPage('silent', '400:400:')).toBeUndefined());
    expect(Date.now() - started).toBeGreaterThanOrEqual(ASK_TIMEOUT_MS - 5);
    // Anything else on the channel changes nothing.
    deliver({ spoke: 'kept-page-note', key: 'broken' });
    deliver({ spoke: 'kept-page', id: 'x' });
    deliver('hello');
    expect(await capture(async () => expect(await sharedPage('broken', '400:400:')).toBeUndefined())).toEqual([]);
  });
});

describe("the primary's relay (scripts/lib/kept-pages-relay.mjs)", () => {
  it('sends a note to every other ready worker, an ask and its answer to the one named, with the sender', () => {
    expect(relayKeptPage({ spoke: 'kept-page-note', key: 'k', snapshot: 's' }, 0, [0, 1, 2])).toEqual([
      [1, { spoke: 'kept-page-note', key: 'k', snapshot: 's', from: 0 }],
      [2, { spoke: 'kept-page-note', key: 'k', snapshot: 's', from: 0 }],
    ]);
    expect(relayKeptPage({ spoke: 'kept-page-ask', id: 3, key: 'k', snapshot: 's', to: 0 }, 1, [0, 1])).toEqual([
      [0, { spoke: 'kept-page-ask', id: 3, key: 'k', snapshot: 's', to: 0, from: 1 }],
    ]);
    expect(relayKeptPage({ spoke: 'kept-page', id: 3, to: 1, total: 2, bytes: 'eA==' }, 0, [0, 1])).toEqual([
      [1, { spoke: 'kept-page', id: 3, to: 1, total: 2, bytes: 'eA==', from: 0 }],
    ]);
  });

  it('answers an ask for a worker that is not ready at once with nothing; drops what is not its own', () => {
    expect(relayKeptPage({ spoke: 'kept-page-ask', id: 4, key: 'k', snapshot: 's', to: 5 }, 1, [0, 1])).toEqual([
      [1, { spoke: 'kept-page', id: 4, to: 1, from: 1 }],
    ]);
    expect(relayKeptPage({ spoke: 'kept-page', id: 4, to: 5 }, 0, [0, 1])).toEqual([]);
    // A term's matches go the same ways, answered with their own kind.
    expect(relayKeptPage({ spoke: 'kept-term-note', key: 'k', snapshot: 's' }, 1, [0, 1])).toEqual([[0, { spoke: 'kept-term-note', key: 'k', snapshot: 's', from: 1 }]]);
    expect(relayKeptPage({ spoke: 'kept-term', id: 2, to: 0, term: { text: '' } }, 1, [0, 1])).toEqual([[0, { spoke: 'kept-term', id: 2, to: 0, term: { text: '' }, from: 1 }]]);
    expect(relayKeptPage({ spoke: 'kept-term-ask', id: 6, key: 'k', snapshot: 's', to: 5 }, 1, [0, 1])).toEqual([[1, { spoke: 'kept-term', id: 6, to: 1, from: 1 }]]);
    expect(relayKeptPage({ spoke: 'kept-other-note', key: 'k', snapshot: 's' }, 1, [0, 1])).toEqual([]);
    expect(relayKeptPage({ spoke: 'ready' }, 0, [0, 1])).toEqual([]);
  });
});
