import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offers, portalUsers } from '@/db/schema';
import { revokeUserSessions, startSession } from '@/lib/auth/sessions';
import { offerEventStream, type StreamViewer } from '@/lib/portal/offer-events';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The portal offer page's event stream outlives neither its session nor its lifetime: a user
// whose sessions were ended (disabled, signed out, password changed) gets no further event, and
// the stream closes by itself.

async function viewerOfNewDealer(): Promise<{ viewer: StreamViewer; offerId: string }> {
  const dealer = await newDealer();
  const { id: offerId } = await createOffer(dealer.token);
  const [user] = await getDb()
    .insert(portalUsers)
    .values({ email: `events-${randomBytes(4).toString('hex')}@example.com`, name: 'Dana', role: 'dealer', dealerId: dealer.dealerId, passwordHash: null })
    .returning();
  const { sid } = await startSession({ id: user!.id, role: 'dealer', dealerId: dealer.dealerId });
  return { viewer: { userId: user!.id, sid, tenant: { dealerId: dealer.dealerId, environment: 'sandbox' } }, offerId };
}

/** Everything the stream sends until it ends. */
async function rest(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<string> {
  let out = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return out;
    out += new TextDecoder().decode(value);
  }
}

const touch = (id: string) => getDb().update(offers).set({ updatedAt: sql`now() + interval '1 second'` }).where(eq(offers.id, id));

describe('the offer page’s event stream', () => {
  it('sends the version at once and a change afterwards while the session lives', async () => {
    const { viewer, offerId } = await viewerOfNewDealer();
    const page = new AbortController();
    const stream = await offerEventStream(viewer, offerId, page.signal, { sessionCheckMs: 50 });
    const reader = stream!.getReader();
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^retry: \d+\ndata: \S+\n\n$/);
    await touch(offerId);
    expect(new TextDecoder().decode((await reader.read()).value)).toMatch(/^data: /);
    page.abort();
    expect(await rest(reader)).toBe('');
  });

  it('ends when the user’s sessions are ended, and sends nothing after that', async () => {
    const { viewer, offerId } = await viewerOfNewDealer();
    const stream = await offerEventStream(viewer, offerId, new AbortController().signal, { sessionCheckMs: 50 });
    const reader = stream!.getReader();
    await reader.read();
    await revokeUserSessions(viewer.userId);
    await touch(offerId);
    // The stream closes by itself (the test would time out otherwise) without the change.
    expect(await rest(reader)).not.toMatch(/data: /);
  });

  it('ends when the user is disabled, even before the next periodic check if a change comes first', async () => {
    const { viewer, offerId } = await viewerOfNewDealer();
    const stream = await offerEventStream(viewer, offerId, new AbortController().signal, { sessionCheckMs: 60_000 });
    const reader = stream!.getReader();
    await reader.read();
    await getDb().update(portalUsers).set({ disabledAt: sql`now()` }).where(eq(portalUsers.id, viewer.userId));
    await touch(offerId);
    expect(await rest(reader)).not.toMatch(/data: /);
  });

  it('ends after its lifetime even for a live session (the browser reconnects and is checked again)', async () => {
    const { viewer, offerId } = await viewerOfNewDealer();
    const stream = await offerEventStream(viewer, offerId, new AbortController().signal, { maxLifetimeMs: 100 });
    const reader = stream!.getReader();
    await reader.read();
    expect(await rest(reader)).toBe('');
  });

  it('answers null for an offer of another tenant', async () => {
    const { viewer } = await viewerOfNewDealer();
    const other = await viewerOfNewDealer();
    expect(await offerEventStream(viewer, other.offerId, new AbortController().signal)).toBeNull();
  });
});
