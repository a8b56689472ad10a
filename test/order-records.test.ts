import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { invoiceDocuments, offers, purchaseOrderInvoices } from '@/db/schema';
import { eraseCustomer } from '@/lib/console/use-cases/privacy';
import { getDb } from '@/lib/database';
import { runRetention } from '@/lib/privacy/retention';
import { PERSONAL_DATA_MARKER } from '@/lib/shared/model';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { doneSandboxOffer, handover, postInvoice } from './helpers/orders';
import { minimalPdf } from './helpers/pdf';
import { demoOperator } from './operator-session';

// An order's records under the ordered offers' retention (docs/orders-after-done.md, "Records"):
// an erasure within the period restricts the person and keeps the invoice with its PDF (the
// dealer's business record) and says so in the operator's language; when the period is over the
// offer is anonymised and the invoice's PDF goes, its row stays.

const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

async function invoicedOffer(token: string, customerEmail: string) {
  const done = await doneSandboxOffer(token, { customerEmail, customerName: 'Rita Rechnung' });
  const handed = await handover(token, done.id, { pickupCode: done.order.pickupCode, frameNumber: 'WBK-77', batterySerialNumber: 'B-77' });
  expect(handed.status, handed.text).toBe(200);
  const invoice = await postInvoice(token, done.id, { invoiceNumber: `R-${randomBytes(3).toString('hex')}`, invoiceDate: handed.body.data.order.handedOverOn, amountGross: String(done.totalPriceGross) }, minimalPdf());
  expect(invoice.status, invoice.text).toBe(201);
  return done;
}

describe('an order’s records', () => {
  it('an erasure keeps the invoice and says so; the end of the retention period takes its PDF', async () => {
    const dealer = await newDealer();
    const email = `rita-${randomBytes(4).toString('hex')}@example.com`;
    const offer = await invoicedOffer(dealer.token, email);

    const erased = await eraseCustomer(await demoOperator(), { email, requestDate: berlinToday(), reference: 'DSR-1' }, 'en');
    expect(erased.restricted.offers).toBe(1);
    expect(erased.invoicesKept).toBe(1);
    expect(erased.notice).toContain('1 invoice is kept');
    const german = await eraseCustomer(await demoOperator(), { email, requestDate: berlinToday(), reference: 'DSR-1' }, 'de');
    expect(german.invoicesKept).toBe(0);
    expect(german.notice).toBeNull();

    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.customerName).toBe(PERSONAL_DATA_MARKER.customerName);
    expect(read.text).not.toContain('Rita Rechnung');
    expect(read.body.data.order.invoice.status).toBe('submitted');
    expect((await api.get(`/v1/offers/${offer.id}/invoice/document`, { token: dealer.token })).status).toBe(200);

    // Another invoiced order whose period ended: anonymised, its invoice's PDF gone, the row kept.
    const old = await invoicedOffer(dealer.token, `old-${email}`);
    await getDb().update(offers).set({ updatedAt: sql`now() - interval '11 days'` }).where(eq(offers.id, old.id));
    const summary = await runRetention({ periods: { unorderedDays: 5, orderedDays: 10 } });
    expect(summary.invoiceDocuments).toBeGreaterThanOrEqual(1);
    const [invoice] = await getDb().select().from(purchaseOrderInvoices).where(eq(purchaseOrderInvoices.offerId, old.id));
    expect(invoice).toBeDefined();
    expect(await getDb().select().from(invoiceDocuments).where(eq(invoiceDocuments.invoiceId, invoice!.id))).toEqual([]);
    const after = await api.get(`/v1/offers/${old.id}`, { token: dealer.token });
    expect(after.body.data.customerName).toBe(PERSONAL_DATA_MARKER.customerName);
    expect(after.body.data.order.invoice.invoiceNumber).toBe(invoice!.invoiceNumber);
    expect((await api.get(`/v1/offers/${old.id}/invoice/document`, { token: dealer.token })).status).toBe(404);
    // The restricted order kept its PDF (the retention run leaves offers within their period).
    expect((await api.get(`/v1/offers/${offer.id}/invoice/document`, { token: dealer.token })).status).toBe(200);
  });
});
