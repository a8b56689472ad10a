import type { AddressInfo } from 'node:net';
import { and, eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/offers/[id]/order/document/route';
import { getDb } from '@/lib/database';
import { insertStaffUser } from '@/db/repositories/staff';
import { notifications, portalUsers } from '@/db/schema';
import { takeStep } from '@/lib/console/use-cases/offers';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { deliverMails } from '@/lib/notifications/mailer';
import { formatDate } from '@/lib/portal/i18n';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { doneSandboxOffer, handover } from './helpers/orders';
import { pdfText } from './helpers/pdf-text';
import { demoOperator } from './operator-session';

// The purchase order's documents, read back with pdf.js: the employee's handover confirmation
// attached to the mail (German and English: frame number, battery, lease dates, monthly amounts),
// the dealer's purchase order at GET /v1/offers/{id}/order/document (404 before done, the
// dealer's own only) and attached to a dealer user's "order received" mail, which a new dealer
// user follows from the start, as the payout.

type Received = { to: string[]; data: string };
let server: SMTPServer;
let port: number;
const received: Received[] = [];

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString('utf8')));
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), data });
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

/** The PDF attachments of a received MIME mail (base64 parts of type application/pdf), by file name. */
function pdfAttachments(data: string): Map<string, Uint8Array> {
  const out = new Map<string, Uint8Array>();
  const unfolded = data.replace(/\r\n/g, '\n');
  for (const part of unfolded.split(/\n--[^\n]+\n/)) {
    const [head, ...rest] = part.split('\n\n');
    if (!head || !/content-type:\s*application\/pdf/i.test(head)) continue;
    const name = /filename="?([^"\n;]+)"?/i.exec(head)?.[1] ?? `file-${out.size}`;
    out.set(name, new Uint8Array(Buffer.from(rest.join('\n\n').replace(/[^A-Za-z0-9+/=]/g, ''), 'base64')));
  }
  return out;
}

async function orderDocument(id: string, token: string, lang = 'de') {
  const req = new Request(`http://spoke.test/v1/offers/${id}/order/document`, { headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

describe('the purchase order documents', () => {
  it('mails the employee a handover confirmation PDF and the dealer the purchase order', async () => {
    const dealer = await newDealer({ environment: 'production', name: 'Radhaus Nord' });
    const userId = await insertStaffUser(getDb(), { dealerId: dealer.dealerId }, { email: `counter-${dealer.dealerId.slice(0, 8)}@dealer.example`, name: 'Tresen', lang: 'en' });
    const [user] = await getDb().select().from(portalUsers).where(eq(portalUsers.id, userId));
    expect(user!.notifyStatuses).toEqual(['done', 'paid']);

    const email = await newEmployee();
    const offer = await createOffer(dealer.token, { customerEmail: email, product: { bidexCode: '102020', brandName: 'Riese', modelName: 'Load 75', priceGross: 4200 } });
    await processOffers({ ids: [offer.id] });
    const operator = await demoOperator();
    for (const action of ['start_order', 'submit_order', 'employer_approve'] as const) await takeStep(operator, offer.id, { action, onBehalfReason: 'per Telefon' }, 'en');
    await takeStep(operator, offer.id, { action: 'operator_approve' }, 'en');
    const [codeMail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'pickup_code')));
    const handed = await handover(dealer.token, offer.id, { pickupCode: codeMail!.mailLink!, frameNumber: 'wbk-4711-x', batterySerialNumber: 'bat-0815' });
    expect(handed.status, handed.text).toBe(200);
    const order = handed.body.data.order;

    await deliverMails({ smtpUrl: `smtp://127.0.0.1:${port}` });
    const mails = received.filter((m) => m.data.includes(offer.offerNumber));

    // The employee: the confirmation in German and in English.
    const toEmployee = mails.find((m) => m.to.includes(email) && pdfAttachments(m.data).size > 0)!;
    expect(toEmployee).toBeDefined();
    const files = pdfAttachments(toEmployee.data);
    expect([...files.keys()]).toEqual([`Uebergabebestaetigung-${offer.offerNumber}.pdf`, `Handover-confirmation-${offer.offerNumber}.pdf`]);
    const [german, english] = await Promise.all([...files.values()].map(pdfText));
    for (const text of [german!, english!]) {
      expect(text).toContain('WBK-4711-X');
      expect(text).toContain('BAT-0815');
      expect(text).toContain('Radhaus Nord');
    }
    expect(german).toContain('Übergabebestätigung');
    expect(german).toContain(formatDate(order.leaseStart, 'de'));
    expect(german).toContain(formatDate(order.leaseEnd, 'de'));
    expect(german).toContain(formatDate(order.handedOverOn, 'de'));
    expect(german).toMatch(/Geldwerter Vorteil im Monat \d+,\d{2} €/);
    expect(english).toContain(formatDate(order.leaseEnd, 'en'));
    expect(english).toContain('Handover confirmation');

    // The dealer's user: the order received with the purchase order, in the user's language.
    const toDealer = mails.find((m) => m.to.includes(user!.email) && pdfAttachments(m.data).size > 0)!;
    expect(toDealer).toBeDefined();
    const [poName, po] = [...pdfAttachments(toDealer.data)][0]!;
    expect(poName).toBe(`Purchase-order-${offer.offerNumber}.pdf`);
    const poText = await pdfText(po);
    expect(poText).toContain(`Purchase order ${offer.offerNumber}`);
    expect(poText).toContain('Riese Load 75');
    expect(poText).toContain('Radhaus Nord');
  });

  it('answers the purchase order as PDF after done only, to its own dealer only', async () => {
    const dealer = await newDealer({ name: 'Velo Süd' });
    const other = await newDealer();
    const open = await createOffer(dealer.token);
    expect((await orderDocument(open.id, dealer.token)).res.status).toBe(404);

    const done = await doneSandboxOffer(dealer.token, { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: 3000 }, accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 99.5, listPriceGross: 109.95 }] });
    expect((await orderDocument(done.id, other.token)).res.status).toBe(404);
    const { res, bytes } = await orderDocument(done.id, dealer.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toContain(`Bestellung-${done.offerNumber}.pdf`);
    const text = await pdfText(bytes);
    expect(text).toContain(`Bestellung ${done.offerNumber}`);
    expect(text).toContain('Velo Süd');
    expect(text).toContain('Spoke Leasing GmbH');
    expect(text).toContain('Cube Kathmandu');
    expect(text).toContain('3.000,00 €');
    expect(text).toContain('99,50 €');
    const total = new Intl.NumberFormat('de-DE', { style: 'currency', currency: 'EUR' }).format(done.totalPriceGross).replace(/[\u00a0\u202f]/g, ' ');
    expect(text).toContain(total);
    expect(text).toContain('TESTBESTELLUNG');
  });
});
