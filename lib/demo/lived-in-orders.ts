import 'server-only';
import PDFDocument from 'pdfkit';
import type { Db } from '@/db/client';
import { findOffer } from '@/db/repositories/offers';
import { findPurchaseOrder } from '@/db/repositories/purchase-orders';
import type { Operator } from '@/lib/console/use-cases/operator';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';
import { submitInvoice } from '@/lib/purchase-orders/use-cases/invoice';
import { approveInvoice, listInvoicesToCheck, rejectInvoice } from '@/lib/purchase-orders/use-cases/operator-invoices';
import { runPayout } from '@/lib/purchase-orders/use-cases/payouts';
import type { Actor, Tenant } from '@/lib/shared/model';

// The lived-in demo's orders after `done` in the sandbox, taken through the same use cases the
// counter, the portal and the console take: the first stays awaiting its handover, the next is
// handed over, then invoiced, refused, paid (a payout run of its own) and approved. Production's
// Acme orders run as leases (db/seed/lived-in-leases.ts).

/** A one-page invoice as a dealer's shop system prints it. */
function invoicePdf(number: string, total: string): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', info: { Title: `Rechnung ${number}` } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve) => doc.on('end', () => resolve(Buffer.concat(chunks))));
  doc.font('Helvetica').fontSize(16).text(`Rechnung ${number}`);
  doc.fontSize(11).moveDown().text(`Gesamtbetrag (brutto): ${total} EUR`);
  doc.end();
  return done;
}

// Paid before the last is approved: a payout run pays every approved invoice.
const STEPS = ['awaiting_handover', 'handed_over', 'invoiced', 'invoice_rejected', 'paid', 'approved'] as const;

export async function seedLivedInOrders(db: Db, offers: { id: string; tenant: Tenant; actor: Actor }[], operator: Operator): Promise<void> {
  const taken = offers.slice(0, STEPS.length);
  for (const [i, o] of taken.entries()) {
    const step = STEPS[i]!;
    if (step === 'awaiting_handover') continue;
    const order = await findPurchaseOrder(db, o.tenant, o.id);
    const offer = await findOffer(db, o.tenant, o.id);
    if (!order?.sandboxPickupCode || order.status !== 'awaiting_handover' || !offer) continue;
    const serial = `BAT-DEMO-${String(i).padStart(4, '0')}`;
    await handOver(o.tenant, o.actor, o.id, { pickupCode: order.sandboxPickupCode, frameNumber: `WBK-DEMO-${1000 + i}`, batterySerialNumber: serial }, 'de');
    if (step === 'handed_over') continue;
    const invoiceNumber = `RE-DEMO-${2000 + i}`;
    const total = Number(offer.totalPriceGross);
    const document = await invoicePdf(invoiceNumber, total.toFixed(2));
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());
    await submitInvoice(o.tenant, o.actor, o.id, { invoiceNumber, invoiceDate: today, amountGross: total.toFixed(2), document }, 'de');
    if (step === 'invoiced') continue;
    const invoice = (await listInvoicesToCheck({ environment: 'sandbox', dealerId: o.tenant.dealerId, perPage: 200 })).rows.find((x) => x.offerId === o.id);
    if (!invoice) continue;
    if (step === 'invoice_rejected') {
      await rejectInvoice(operator, invoice.invoiceId, { reasons: [{ code: 'INVOICE_FRAME_NUMBER_MISSING', text: 'Bitte die Rahmennummer auf der Rechnung angeben.' }], lang: 'de' });
      continue;
    }
    await approveInvoice(operator, invoice.invoiceId);
    if (step === 'paid') await runPayout(operator, { environment: 'sandbox' });
  }
}
