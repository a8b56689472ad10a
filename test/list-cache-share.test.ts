import { afterAll, describe, expect, it } from 'vitest';
import { SerializedJson } from '@/lib/api/respond';

// Kept list pages shared between the workers of `npm start` (lib/offers/list-cache.ts): a page a
// worker keeps is sent to the primary (scripts/start.mjs), which passes it to the other workers;
// they keep it under the same snapshot. Here this test process is such a worker: it sees what it
// sends, and receives a page as a worker would.

process.env.SPOKE_WORKER_SLOT = '1';
afterAll(() => {
  delete process.env.SPOKE_WORKER_SLOT;
});

describe('kept pages shared between workers', () => {
  it('sends what it keeps to the primary, and keeps what another worker sent', async () => {
    const { keepPage, keptPage } = await import('@/lib/offers/list-cache');
    expect(typeof process.send).toBe('function');

    // Kept here: sent once, with its snapshot, total and bytes.
    const sent: unknown[] = [];
    const send = process.send!;
    process.send = ((message: unknown) => (sent.push(message), true)) as typeof process.send;
    try {
      keepPage('own', { snapshot: '100:100:', total: 2, data: new SerializedJson('[{"n":"Müller"}]') });
      keepPage('received', { snapshot: '100:100:', total: 1, data: new SerializedJson('[]') }, false);
    } finally {
      process.send = send;
    }
    expect(sent).toEqual([{ spoke: 'kept-page', key: 'own', snapshot: '100:100:', total: 2, bytes: Buffer.from('[{"n":"Müller"}]').toString('base64') }]);

    // Sent by another worker: kept under its snapshot, answered only for that one.
    const page = Buffer.from('[{"n":"Yılmaz"}]');
    process.emit('message', { spoke: 'kept-page', key: 'other', snapshot: '200:201:', total: 7, bytes: page.toString('base64') }, undefined);
    const kept = keptPage('other', '200:201:');
    expect(kept?.total).toBe(7);
    expect(kept?.data.bytes.toString()).toBe('[{"n":"Yılmaz"}]');
    expect(keptPage('other', '200:202:')).toBeUndefined();
    // Anything else on the channel is not a page.
    process.emit('message', { spoke: 'kept-page', key: 'broken' }, undefined);
    process.emit('message', 'hello', undefined);
    expect(keptPage('broken', '200:201:')).toBeUndefined();
  });
});
