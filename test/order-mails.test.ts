import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverMails } from '@/lib/notifications/mailer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { takeStep } from '@/lib/console/use-cases/offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { newEmployee } from './helpers/employees';
import { createOffer } from './helpers/offers';
import { demoOperator, ORIGIN } from './operator-session';

// The order journey's mails over a real SMTP server in this process: the customer's link and the
// decisions told to the customer, in German and English.

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

/** A mail's text as written: quoted-printable soft breaks joined and its bytes decoded. */
function textOf(data: string): string {
  const joined = data.replace(/=\r?\n/g, '');
  return Buffer.from(joined.replace(/=([0-9A-F]{2})/g, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))), 'latin1').toString('utf8');
}

async function delivered(to: string, since: number): Promise<string[]> {
  const summary = await deliverMails({ smtpUrl: `smtp://127.0.0.1:${port}` });
  expect(summary.failed).toBe(0);
  return received.slice(since).filter((m) => m.to.includes(to)).map((m) => textOf(m.data));
}

describe('the order journey’s mails to the customer', () => {
  it('mails the link, then the employer’s and the operator’s decisions, each in German and English', async () => {
    const dealer = await newDealer({ name: 'Fahrradhaus Größe', environment: 'production' });
    const email = await newEmployee();
    const offer = await createOffer(dealer.token, { customerEmail: email });
    await processOffers({ ids: [offer.id] });
    const before = received.length;
    const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token: dealer.token });
    expect(sent.status).toBe(201);
    expect(sent.text).not.toContain('/order/');
    const [link] = await delivered(email, before);
    expect(link).toMatch(/Subject: =\?UTF-8\?Q\?Ihr_Angebot_von_Fahrradhaus/);
    expect(link).toContain('Fahrradhaus Größe hat Ihnen das Leasingangebot');
    expect(link).toContain('Hallo Erika Mustermann,');
    expect(link).toContain('Hello Erika Mustermann,');
    expect(link).toContain('3.693,75 €');
    // Every customer mail names who is behind it and links the Impressum and the privacy notice.
    const legal = (mail: string) => mail.replace(/=\r?\n/g, '');
    for (const words of ['Leasinggeber: Spoke Leasing GmbH (Demo), Musterstra', 'Impressum: http://spoke.test/impressum', 'Datenschutz: http://spoke.test/privacy', 'Leasing company: Spoke Leasing GmbH (Demo)', 'Legal notice: http://spoke.test/impressum']) {
      expect(legal(link!)).toContain(words);
    }

    const token = /\/order\/([A-Za-z0-9_-]{43})/.exec(link!)![1]!;
    for (const action of ['start_order', 'submit_order']) {
      const res = await api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': '203.0.113.7' }, body: { token, action } });
      expect(res.status, res.text).toBe(200);
    }
    const operator = await demoOperator();
    const afterSubmit = received.length;
    await takeStep(operator, offer.id, { action: 'employer_approve', onBehalfReason: 'HR per Telefon' }, 'de');
    const [approved] = await delivered(email, afterSubmit);
    expect(approved).toContain('Ihr Arbeitgeber hat Ihre Bestellung genehmigt.');
    expect(approved).toContain('Your employer approved your order.');
    expect(legal(approved!)).toContain('Impressum: http://spoke.test/impressum');
    expect(legal(approved!)).toContain('Privacy: http://spoke.test/privacy');

    const afterApprove = received.length;
    await takeStep(operator, offer.id, { action: 'operator_decline', reason: { text: 'Unterlagen fehlen', lang: 'de' } }, 'de');
    const [declined] = await delivered(email, afterApprove);
    expect(declined).toContain('Der Leasinggeber hat Ihre Bestellung abgelehnt. Begründung: Unterlagen fehlen');
    expect(declined).toContain('Reason: Unterlagen fehlen (written in German)');
  });
});
