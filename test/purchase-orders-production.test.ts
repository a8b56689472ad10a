import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { notifications, purchaseOrders, webhookDeliveries } from '@/db/schema';
import { takeStep } from '@/lib/console/use-cases/offers';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { deliverMails, keptMails } from '@/lib/notifications/mailer';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { handover } from './helpers/orders';
import { demoOperator, ORIGIN } from './operator-session';

// A production order: the employer's approved terms go with it; the pickup code is mailed to the
// employee alone and shown to the dealer nowhere — answer, list, history, webhook event.

describe('a production order', () => {
  it('keeps the pickup code from the dealer and takes it from the employee', async () => {
    const dealer = await newDealer({ environment: 'production' });
    const email = await newEmployee();
    const offer = await createOffer(dealer.token, { customerEmail: email });
    await processOffers({ ids: [offer.id] });
    const operator = await demoOperator();
    for (const action of ['start_order', 'submit_order', 'employer_approve'] as const) await takeStep(operator, offer.id, { action, onBehalfReason: 'per Telefon' }, 'en');
    const done = await takeStep(operator, offer.id, { action: 'operator_approve' }, 'en');
    expect(done.order).toMatchObject({ status: 'awaiting_handover' });
    expect(done.order!.pickupCode).toBeUndefined();

    const [order] = await getDb().select().from(purchaseOrders).where(eq(purchaseOrders.offerId, offer.id));
    expect(order!.sandboxPickupCode).toBeNull();
    expect(order!.employerId).not.toBeNull();
    expect(order!.leaseTerms?.termMonths).toBeGreaterThan(0);
    // The code travels only in the employee's mail.
    const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'pickup_code')));
    expect(mail!.mailTo).toBe(email);
    const code = mail!.mailLink!;
    expect(code).toMatch(/^[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{8}$/);
    expect(code.startsWith('TEST')).toBe(false);

    const seen = [
      (await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).text,
      (await api.get('/v1/offers', { token: dealer.token, query: { orderStatus: 'awaiting_handover' } })).text,
      (await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token, query: { perPage: 100 } })).text,
      JSON.stringify(await getDb().select().from(webhookDeliveries).where(eq(webhookDeliveries.offerId, offer.id))),
    ];
    const shapes = [code, `${code.slice(0, 4)}-${code.slice(4)}`];
    for (const text of seen) for (const shape of shapes) expect(text).not.toContain(shape);

    // The employee asks for a new code on the offer document's page: the old code stops working.
    const asked = await api.post('/api/order/link-request', { headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.77' }, body: { offer: offer.id, email } });
    expect(asked.status, asked.text).toBeLessThan(300);
    const codes = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'pickup_code')));
    expect(codes).toHaveLength(2);
    const oldCode = code;
    const newCode = codes.find((m) => m.mailLink && m.mailLink !== oldCode)?.mailLink ?? codes.map((m) => m.mailLink).filter(Boolean).at(-1)!;
    const stale = await handover(dealer.token, offer.id, { pickupCode: oldCode, frameNumber: 'WBK-9', batterySerialNumber: 'B-9' });
    expect(stale.body.errors[0].code).toBe('PICKUP_CODE_INVALID');

    const res = await handover(dealer.token, offer.id, { pickupCode: newCode.toLowerCase(), frameNumber: 'WBK-9', batterySerialNumber: 'B-9' });
    expect(res.status, res.text).toBe(200);
    expect(res.text).not.toContain(code);
    const confirmation = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'handover_confirmation')));
    expect(confirmation.map((m) => m.mailTo)).toEqual([email]);

    // The mails as written (kept without an SMTP server): the code to the employee, in German and
    // English, hidden from the staff's mailbox; the handover with the lease's dates.
    await deliverMails({ smtpUrl: '' });
    const mails = await keptMails(100, { search: offer.offerNumber });
    const pickup = mails.find((m) => m.to === email && m.subject.includes('Abholcode') && m.text.includes(`${newCode.slice(0, 4)}-${newCode.slice(4)}`))!;
    expect(pickup).toBeDefined();
    expect(pickup.text).toContain('Your pickup code');
    const staff = await keptMails(100, { search: offer.offerNumber, hideLinks: '(hidden)' });
    for (const shape of [...shapes, newCode, `${newCode.slice(0, 4)}-${newCode.slice(4)}`]) expect(JSON.stringify(staff)).not.toContain(shape);
    const handed = mails.find((m) => m.to === email && m.subject.includes('übergeben'))!;
    expect(handed.text).toContain('WBK-9');
    expect(handed.text).toMatch(/Ihr Leasing läuft vom 01\.\d{2}\.\d{4}/);
  });
});
