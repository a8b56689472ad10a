import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { and, eq, inArray } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listUserNotifications, markAllNotificationsRead } from '@/db/repositories/notifications';
import { notifications, offerHistory, portalUsers } from '@/db/schema';
import { deliverMails } from '@/lib/notifications/mailer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Notification mails over a real SMTP server in this process (smtp-server): a rejection mails the
// dealer's active staff once; a mail is never sent twice, never lost while the server is down.

type Received = { from: string; to: string[]; data: string };
let server: SMTPServer;
let port: number;
const received: Received[] = [];
let refuse = false;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        if (refuse) return callback(Object.assign(new Error('try later'), { responseCode: 451 }));
        received.push({ from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '', to: session.envelope.rcptTo.map((r) => r.address), data });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => server.close(() => resolve()));
});

const smtpUrl = () => `smtp://127.0.0.1:${port}`;
const priceAboveList = { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'K', priceGross: 4000, listPriceGross: 3000 } };

async function staff(dealerId: string, options: { disabled?: boolean; notifyStatuses?: string[]; lang?: string } = {}) {
  const suffix = randomBytes(4).toString('hex');
  const [row] = await getDb()
    .insert(portalUsers)
    .values({
      email: `staff-${suffix}@dealer.example`,
      name: `Staff ${suffix}`,
      passwordHash: 'x',
      role: 'dealer',
      dealerId,
      disabledAt: options.disabled ? new Date() : null,
      notifyStatuses: options.notifyStatuses ?? [],
      notifyLang: options.lang ?? 'de',
    })
    .returning();
  return row!;
}

describe('notification mails', () => {
  it('a rejection sends one mail to each active staff user of the dealer, and never twice', async () => {
    const dealer = await newDealer();
    const anna = await staff(dealer.dealerId);
    await staff(dealer.dealerId, { disabled: true });
    const other = await newDealer();
    await staff(other.dealerId);

    const offer = await createOffer(dealer.token, priceAboveList);
    await processOffers({ ids: [offer.id] });
    const before = received.length;
    const first = await deliverMails({ smtpUrl: smtpUrl() });
    expect(first.failed).toBe(0);
    const mails = received.slice(before).filter((m) => m.data.includes(offer.offerNumber));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.to).toEqual([anna.email]);
    expect(mails[0]!.data).toMatch(new RegExp(`Subject: Angebot ${offer.offerNumber}: Abgelehnt`));
    expect(mails[0]!.data).toContain(`/portal/offers/${offer.id}`);
    expect(mails[0]!.data).toMatch(/Message-ID: <notification-\d+@spoke>/i);

    // Nothing is due any more: a second run sends nothing.
    const again = received.length;
    await deliverMails({ smtpUrl: smtpUrl() });
    expect(received.length).toBe(again);
    const [row] = await getDb().select().from(notifications).where(eq(notifications.userId, anna.id));
    expect(row).toMatchObject({ status: 'rejected', mailAttempts: 1, mailNextAt: null });
    expect(row!.mailSentAt).toBeInstanceOf(Date);

    // The in-app list: one unread, then read.
    const scope = { userId: anna.id, dealerId: dealer.dealerId, environment: 'sandbox' as const };
    expect((await listUserNotifications(getDb(), scope)).unread).toBe(1);
    await markAllNotificationsRead(getDb(), scope);
    expect((await listUserNotifications(getDb(), scope)).unread).toBe(0);
  });

  it('tells each event once: a second rejection is a notification of its own, naming its entry; one entry is never told twice', async () => {
    const dealer = await newDealer();
    const anna = await staff(dealer.dealerId);
    const offer = await createOffer(dealer.token, priceAboveList);
    await processOffers({ ids: [offer.id] });
    // Edited and still above the list price: rejected again.
    const edit = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { ...offerBody({ ...priceAboveList, externalOfferId: offer.externalOfferId }), notes: 'Again' } });
    expect(edit.status, edit.text).toBe(202);
    await processOffers({ ids: [offer.id] });
    const db = getDb();
    const rejections = await db.select().from(offerHistory).where(and(eq(offerHistory.offerId, offer.id), eq(offerHistory.toStatus, 'rejected')));
    expect(rejections).toHaveLength(2);
    const told = await db.select().from(notifications).where(eq(notifications.userId, anna.id));
    expect(told.map((n) => n.historyId).sort()).toEqual(rejections.map((h) => h.id).sort());
    // The same event for the same user a second time is refused by the database.
    await expect(db.insert(notifications).values({ userId: anna.id, offerId: offer.id, status: 'rejected', mailTo: anna.email, historyId: rejections[0]!.id })).rejects.toThrow();
  });

  it('mails the statuses a user chose besides rejections, in the user’s language', async () => {
    const dealer = await newDealer();
    const follower = await staff(dealer.dealerId, { notifyStatuses: ['draft'], lang: 'en' });
    const quiet = await staff(dealer.dealerId);
    const offer = await createOffer(dealer.token);
    await processOffers({ ids: [offer.id] });
    const rows = await getDb().select().from(notifications).where(inArray(notifications.userId, [follower.id, quiet.id]));
    expect(rows.map((r) => [r.userId, r.status])).toEqual([[follower.id, 'draft']]);
    const before = received.length;
    await deliverMails({ smtpUrl: smtpUrl() });
    const mail = received.slice(before).find((m) => m.to.includes(follower.email))!;
    expect(mail.data).toContain(`Subject: Offer ${offer.offerNumber}: Valid (draft)`);
  });

  it('keeps a mail while the server refuses it or is down, and sends it later', async () => {
    const dealer = await newDealer();
    const user = await staff(dealer.dealerId);
    const offer = await createOffer(dealer.token, priceAboveList);
    await processOffers({ ids: [offer.id] });

    // The server answers 451.
    refuse = true;
    const refused = await deliverMails({ smtpUrl: smtpUrl() });
    refuse = false;
    expect(refused.failed).toBeGreaterThanOrEqual(1);
    // No server at all on this port.
    await getDb().update(notifications).set({ mailNextAt: new Date() }).where(eq(notifications.userId, user.id));
    const down = await deliverMails({ smtpUrl: 'smtp://127.0.0.1:1' });
    expect(down.failed).toBeGreaterThanOrEqual(1);
    const [waiting] = await getDb().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(waiting!.mailSentAt).toBeNull();
    expect(waiting!.mailNextAt!.getTime()).toBeGreaterThan(Date.now());
    expect(waiting!.mailAttempts).toBe(2);
    expect(waiting!.mailError).not.toContain(user.email);

    // Not due yet: nothing is sent; when due again, it is sent once.
    const before = received.length;
    await deliverMails({ smtpUrl: smtpUrl() });
    expect(received.slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(0);
    await getDb().update(notifications).set({ mailNextAt: new Date() }).where(eq(notifications.userId, user.id));
    await deliverMails({ smtpUrl: smtpUrl() });
    await deliverMails({ smtpUrl: smtpUrl() });
    expect(received.slice(before).filter((m) => m.to.includes(user.email))).toHaveLength(1);
  });

  it('without an SMTP server keeps the mail for the development mailbox', async () => {
    const dealer = await newDealer();
    const user = await staff(dealer.dealerId);
    const offer = await createOffer(dealer.token, priceAboveList);
    await processOffers({ ids: [offer.id] });
    const before = received.length;
    await deliverMails({ smtpUrl: null });
    const [row] = await getDb().select().from(notifications).where(eq(notifications.userId, user.id));
    expect(row!.mailKeptAt).toBeInstanceOf(Date);
    expect(row!.mailNextAt).toBeNull();
    expect(received.length).toBe(before);
  });
});
