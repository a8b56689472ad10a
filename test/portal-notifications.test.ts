import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { dealers, notifications, portalUsers } from '@/db/schema';
import { ENV_COOKIE } from '@/lib/auth/session';
import { getDb } from '@/lib/database';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newClient, newDealer, type TestDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { demoUser, ORIGIN, sessionCookie } from './operator-session';

// The portal's notifications through the real route handlers with real portal sessions: the list
// (own status notifications only, newest first, paged, in the portal's environment), the unread
// count, marking read (one, all) and the per-user settings (validated; a saved status is notified).

const priceAboveList = { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 4000, listPriceGross: 3000 } };

type Staff = { id: string; cookie: string };

async function staff(dealerId: string): Promise<Staff> {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await getDb()
    .insert(portalUsers)
    .values({ email: `notify-${suffix}@dealer.example`, name: `Staff ${suffix}`, passwordHash: 'x', role: 'dealer', dealerId })
    .returning();
  return { id: row!.id, cookie: await sessionCookie({ id: row!.id, role: 'dealer', dealerId, name: row!.name, email: row!.email }) };
}

const headers = (who: Staff, environment?: 'sandbox' | 'production') => ({
  origin: ORIGIN,
  cookie: environment ? `${who.cookie}; ${ENV_COOKIE}=${environment}` : who.cookie,
});

const list = (who: Staff, query = '', environment?: 'sandbox' | 'production') => api.get(`/api/portal/notifications${query}`, { headers: headers(who, environment) });
const unread = async (who: Staff, environment?: 'sandbox' | 'production') =>
  (await api.get('/api/portal/notifications/unread', { headers: headers(who, environment) })).body.data.unread as number;

async function rejectedOffers(dealer: TestDealer, count: number) {
  const made = [];
  for (let i = 0; i < count; i++) made.push(await createOffer(dealer.token, priceAboveList));
  await processOffers({ ids: made.map((o) => o.id) });
  return made;
}

type Listed = { id: number; offerId: string; offerNumber: string; status: string; readAt: string | null; createdAt: string };

describe('portal notifications', () => {
  it('lists only the user’s own status notifications, newest first and paged, with the unread count; never an account mail', async () => {
    const dealer = await newDealer();
    const anna = await staff(dealer.dealerId);
    const ben = await staff(dealer.dealerId);
    const otherDealer = await newDealer();
    const stranger = await staff(otherDealer.dealerId);
    await rejectedOffers(otherDealer, 1);

    const offers = await rejectedOffers(dealer, 3);
    // Account mails of Anna: one even naming an offer and unread — never in the list or the count.
    const [mail] = await getDb()
      .insert(notifications)
      .values({ userId: anna.id, kind: 'reset', offerId: offers[0]!.id, status: 'rejected', mailTo: 'anna@dealer.example', mailLink: 'http://x' })
      .returning();
    await getDb().insert(notifications).values({ userId: anna.id, kind: 'invite', mailTo: 'anna@dealer.example', mailLink: 'http://y' });

    const first = await list(anna, '?pageSize=2');
    expect(first.status, first.text).toBe(200);
    expect(first.headers.get('cache-control')).toBe('no-store');
    const page1 = first.body.data as { notifications: Listed[]; total: number; unread: number; pages: number; page: number };
    expect(page1).toMatchObject({ total: 3, unread: 3, pages: 2, page: 1 });
    expect(page1.notifications.map((n) => n.status)).toEqual(['rejected', 'rejected']);
    const page2 = (await list(anna, '?page=2&pageSize=2')).body.data as { notifications: Listed[] };
    const all = [...page1.notifications, ...page2.notifications];
    expect(all).toHaveLength(3);
    // Newest first: ids descending, every offer of the dealer once.
    expect(all.map((n) => n.id)).toEqual([...all.map((n) => n.id)].sort((a, b) => b - a));
    expect(new Set(all.map((n) => n.offerNumber))).toEqual(new Set(offers.map((o) => o.offerNumber)));
    expect(all.every((n) => n.readAt === null)).toBe(true);
    expect(all.map((n) => n.id)).not.toContain(mail!.id);
    expect(await unread(anna)).toBe(3);

    // Another dealer's user sees only their own dealer's.
    const theirs = (await list(stranger)).body.data as { notifications: Listed[]; total: number };
    expect(theirs.total).toBe(1);
    expect(theirs.notifications.map((n) => n.offerNumber)).not.toContain(offers[0]!.offerNumber);

    // Marking one: Anna's own (read, the count drops); Ben's and the account mail are 404 for Anna.
    const bensList = (await list(ben)).body.data.notifications as Listed[];
    const foreign = await api.post(`/api/portal/notifications/${bensList[0]!.id}/read`, { headers: headers(anna) });
    expect(foreign.status).toBe(404);
    expect(foreign.body.errors[0].code).toBe('NOT_FOUND');
    expect((await api.post(`/api/portal/notifications/${mail!.id}/read`, { headers: headers(anna) })).status).toBe(404);
    expect((await api.post(`/api/portal/notifications/${bensList[0]!.id}/read`, { headers: headers(stranger) })).status).toBe(404);
    expect(await unread(ben)).toBe(3);

    const own = await api.post(`/api/portal/notifications/${all[1]!.id}/read`, { headers: headers(anna) });
    expect(own.status, own.text).toBe(200);
    expect(own.body.data).toEqual({ id: all[1]!.id, unread: 2 });
    const afterOne = (await list(anna)).body.data.notifications as Listed[];
    expect(afterOne.find((n) => n.id === all[1]!.id)!.readAt).not.toBeNull();
    // Opening it again keeps it read.
    expect((await api.post(`/api/portal/notifications/${all[1]!.id}/read`, { headers: headers(anna) })).body.data.unread).toBe(2);

    // Mark all: Anna's only.
    const allRead = await api.post('/api/portal/notifications/read-all', { headers: headers(anna) });
    expect(allRead.status, allRead.text).toBe(200);
    expect(allRead.body.data).toEqual({ marked: 2, unread: 0 });
    expect(await unread(anna)).toBe(0);
    expect(await unread(ben)).toBe(3);
    expect(await unread(stranger)).toBe(1);
    // The account mail stays as it was (an account mail's read time is not the list's).
    const [mailAfter] = await getDb().select().from(notifications).where(eq(notifications.id, mail!.id));
    expect(mailAfter!.readAt).toBeNull();

    // Malformed ids and pages are 400 in the envelope.
    const bad = await api.post('/api/portal/notifications/abc/read', { headers: headers(anna) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].details).toBe('id');
    const badPage = await list(anna, '?pageSize=1000');
    expect(badPage.status).toBe(400);
    expect(badPage.body.errors[0].details).toBe('pageSize');
  });

  it('follows the portal’s environment: production notifications only in production, and only with production access', async () => {
    const dealer = await newDealer();
    const prod = await newClient(dealer.dealerId, { environment: 'production' });
    const anna = await staff(dealer.dealerId);
    await rejectedOffers(dealer, 1);
    const [prodOffer] = await rejectedOffers(prod, 1);

    const sandbox = (await list(anna, '', 'sandbox')).body.data as { notifications: Listed[] };
    expect(sandbox.notifications.map((n) => n.offerNumber)).not.toContain(prodOffer!.offerNumber);
    // Without production access the cookie's "production" counts as the sandbox.
    expect((await list(anna, '', 'production')).body.data.notifications.map((n: Listed) => n.offerNumber)).not.toContain(prodOffer!.offerNumber);
    const prodId = (await getDb().select().from(notifications).where(eq(notifications.userId, anna.id))).find((n) => n.offerId === prodOffer!.id)!.id;
    expect((await api.post(`/api/portal/notifications/${prodId}/read`, { headers: headers(anna, 'sandbox') })).status).toBe(404);
    // Mark all in the sandbox leaves production's unread.
    await api.post('/api/portal/notifications/read-all', { headers: headers(anna, 'sandbox') });

    await getDb().update(dealers).set({ productionEnabledAt: new Date() }).where(eq(dealers.id, dealer.dealerId));
    const production = (await list(anna, '', 'production')).body.data as { notifications: Listed[]; unread: number };
    expect(production.notifications.map((n) => n.offerNumber)).toEqual([prodOffer!.offerNumber]);
    expect(production.unread).toBe(1);
    expect(await unread(anna, 'sandbox')).toBe(0);
    expect((await api.post(`/api/portal/notifications/${prodId}/read`, { headers: headers(anna, 'production') })).status).toBe(200);
  });

  it('saves the user’s settings (validated), and a status change into a chosen status notifies that user only', async () => {
    const dealer = await newDealer();
    const anna = await staff(dealer.dealerId);
    const ben = await staff(dealer.dealerId);
    const path = '/api/portal/notification-settings';

    const initial = await api.get(path, { headers: headers(anna) });
    expect(initial.status, initial.text).toBe(200);
    expect(initial.body.data).toEqual({ statuses: [], lang: 'de', always: ['rejected'] });

    // An unknown status, a status outside the allowed set (pending; rejected is always on), a
    // language we do not write: 400 naming the field, nothing saved.
    for (const [body, field] of [
      [{ statuses: ['shipped'], lang: 'de' }, 'statuses[0]'],
      [{ statuses: ['draft', 'pending'], lang: 'de' }, 'statuses[1]'],
      [{ statuses: ['rejected'], lang: 'de' }, 'statuses[0]'],
      [{ statuses: ['draft'], lang: 'fr' }, 'lang'],
      [{ statuses: 'draft', lang: 'de' }, 'statuses'],
      [{ lang: 'de' }, 'statuses'],
    ] as const) {
      const res = await api.put(path, { body, headers: headers(anna) });
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body.errors[0].details).toBe(field);
      expect(['INVALID_PARAMETER', 'MISSING_PARAMETER']).toContain(res.body.errors[0].code);
    }
    expect((await api.get(path, { headers: headers(anna) })).body.data.statuses).toEqual([]);

    // Only from our own pages, only signed in, only dealer users.
    expect((await api.put(path, { body: { statuses: ['draft'], lang: 'en' }, headers: { cookie: anna.cookie, origin: 'https://evil.example' } })).status).toBe(403);
    expect((await api.put(path, { body: { statuses: ['draft'], lang: 'en' }, headers: { origin: ORIGIN } })).status).toBe(401);
    const operator = await sessionCookie(await demoUser('operator@example.com'));
    expect((await api.get(path, { headers: { origin: ORIGIN, cookie: operator } })).status).toBe(403);
    expect((await api.get('/api/portal/notifications', { headers: { origin: ORIGIN, cookie: operator } })).status).toBe(403);

    const saved = await api.put(path, { body: { statuses: ['done', 'draft', 'draft'], lang: 'en' }, headers: headers(anna) });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.body.data).toEqual({ statuses: ['draft', 'done'], lang: 'en', always: ['rejected'] });
    expect((await api.get(path, { headers: headers(anna) })).body.data).toEqual({ statuses: ['draft', 'done'], lang: 'en', always: ['rejected'] });
    const [row] = await getDb().select().from(portalUsers).where(eq(portalUsers.id, anna.id));
    expect(row).toMatchObject({ notifyStatuses: ['draft', 'done'], notifyLang: 'en' });
    // Ben's are his own.
    expect((await api.get(path, { headers: headers(ben) })).body.data).toEqual({ statuses: [], lang: 'de', always: ['rejected'] });

    // A valid offer becomes a draft: Anna follows drafts, Ben does not.
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    const annas = (await list(anna)).body.data.notifications as Listed[];
    expect(annas.map((n) => [n.offerNumber, n.status])).toEqual([[offer.offerNumber, 'draft']]);
    expect((await list(ben)).body.data.notifications).toEqual([]);
  });
});
