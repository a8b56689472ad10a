import { and, eq } from 'drizzle-orm';
import { NextRequest } from 'next/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { notifications } from '@/db/schema';
import { getDb } from '@/lib/database';
import { takeStep } from '@/lib/console/use-cases/offers';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { customerOrderOf } from '@/lib/purchase-orders/use-cases/customer-order-face';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { demoOperator, ORIGIN } from './operator-session';
import { proxy } from '@/proxy';

// The employee's side after `done`: the link's page shows the order (pickup at the dealer's, the
// code mailed; after the handover the lease's dates and monthly amounts), and the QR code's page
// sends a new pickup code for an order awaiting its handover — to the offer's customer address
// only, the old code then refused at the counter.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer({ environment: 'production' });
});

async function productionOrder() {
  const email = await newEmployee();
  const offer = await createOffer(dealer.token, { customerEmail: email });
  await processOffers({ ids: [offer.id] });
  const operator = await demoOperator();
  for (const action of ['start_order', 'submit_order', 'employer_approve'] as const) await takeStep(operator, offer.id, { action, onBehalfReason: 'per Telefon' }, 'en');
  await takeStep(operator, offer.id, { action: 'operator_approve' }, 'en');
  return { id: offer.id as string, email };
}

const codeMails = async (offerId: string) =>
  (await getDb().select().from(notifications).where(and(eq(notifications.offerId, offerId), eq(notifications.kind, 'pickup_code')))).map((m) => m.mailLink!);

const ask = (offer: string, email: string) =>
  api.post('/api/order/link-request', { headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${Math.floor(Math.random() * 200) + 20}` }, body: { offer, email } });

describe('the employee’s order after done', () => {
  it('shows the pickup, sends a new code on request (the old one then fails) and the lease after the handover', async () => {
    const { id, email } = await productionOrder();
    const before = await customerOrderOf(id);
    expect(before).toMatchObject({ status: 'awaiting_handover', sandbox: false, handedOverOn: null, leaseStart: null });
    expect(before!.dealer.name).toMatch(/^Test dealer/);
    expect(before!.pickupCodeSentAt).not.toBeNull();
    const [first] = await codeMails(id);

    // Another address: the same answer, nothing sent.
    expect((await ask(id, 'someone-else@example.com')).status).toBe(202);
    expect(await codeMails(id)).toHaveLength(1);
    expect((await ask(id, email.toUpperCase())).status).toBe(202);
    const codes = await codeMails(id);
    expect(codes).toHaveLength(2);
    const fresh = codes.find((c) => c !== first)!;

    const tenant = { dealerId: dealer.dealerId, environment: 'production' as const };
    const actor = { type: 'client' as const, id: dealer.clientId };
    const body = (pickupCode: string) => ({ pickupCode, frameNumber: 'WBK-5555', batterySerialNumber: 'B-5' });
    await expect(handOver(tenant, actor, id, body(first!), 'de')).rejects.toMatchObject({ code: 'PICKUP_CODE_INVALID' });
    const handed = { body: { data: await handOver(tenant, actor, id, body(fresh), 'de') } };

    const after = await customerOrderOf(id);
    expect(after).toMatchObject({ status: 'handed_over', handedOverOn: handed.body.data.order!.handedOverOn, leaseStart: handed.body.data.order!.leaseStart, leaseEnd: handed.body.data.order!.leaseEnd });
    expect(after!.leaseTerms?.employeeMonthlyGross).toBeGreaterThan(0);
    // After the handover no code is sent any more.
    expect((await ask(id, email)).status).toBe(202);
    expect(await codeMails(id)).toHaveLength(2);
  });

  it('opens the order at the link’s own address once the offer is done: its page, not the ended one', async () => {
    const email = await newEmployee();
    const offer = await createOffer(dealer.token, { customerEmail: email });
    await processOffers({ ids: [offer.id] });
    const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    expect(sent.status, sent.text).toBe(201);
    const [mailed] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
    const token = new URL(mailed!.mailLink!).pathname.split('/').pop()!;
    const operator = await demoOperator();
    for (const action of ['start_order', 'submit_order', 'employer_approve'] as const) await takeStep(operator, offer.id, { action, onBehalfReason: 'per Telefon' }, 'en');
    await takeStep(operator, offer.id, { action: 'operator_approve' }, 'en');
    const opened = await proxy(new NextRequest(`http://spoke.test/order/${token}`, { headers: { 'x-forwarded-for': '198.51.100.77' } }));
    expect(opened.status).toBe(200);
    expect(opened.headers.get('x-middleware-rewrite')).toBeNull();
  });

  it('has no order before done', async () => {
    const offer = await createOffer(dealer.token);
    expect(await customerOrderOf(offer.id)).toBeNull();
  });
});
