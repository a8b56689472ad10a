import 'server-only';
import { findPurchaseOrder } from '@/db/repositories/purchase-orders';
import { latestInvoice } from '@/db/repositories/purchase-order-invoices';
import { getDb } from '@/lib/database';
import { berlinToday } from '@/lib/api/dates';
import { notFound } from '@/lib/api/errors';
import type { Principal } from '@/lib/auth/authenticate';
import type { Lang } from '@/lib/i18n/messages';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import { findOffer } from '@/db/repositories/offers';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import type { SandboxOrderStep } from '@/lib/offers/contract/schemas';
import { invoiceRejectionTexts } from '@/lib/i18n/messages';
import { decideInvoiceInTransaction } from './operator-invoices';
import { assertOrderStep } from './order-steps';
import { payOrderInTransaction } from './payouts';

/**
 * The sandbox's operator on an invoiced order (POST /v1/sandbox/offers/{id}/advance?to=…):
 * `approved`, `invoice_rejected` (with a sandbox reason), or `paid`, which passes through
 * `approved` and gives a test payout reference. One transaction; 409 INVOICE_NOT_OPEN when the
 * order's invoice is not waiting for the step (the order not invoiced, or `paid` not approved).
 */
export async function advanceSandboxOrder(principal: Principal, offerId: string, to: SandboxOrderStep, lang: Lang, now = new Date()): Promise<OfferResponse> {
  return getDb().transaction(async (tx) => {
    const offer = await findOffer(tx, principal, offerId);
    if (!offer) notFound();
    const order = await findPurchaseOrder(tx, principal, offerId, { lock: true });
    const actor = principal.actor;
    if (to === 'invoice_rejected') {
      await decideInvoiceInTransaction(tx, principal, offerId, actor, { approve: false, errors: [{ code: 'INVOICE_OTHER', text: invoiceRejectionTexts.INVOICE_OTHER }], codes: ['INVOICE_OTHER'] });
    } else {
      if (order?.status !== 'approved' || to === 'approved') await decideInvoiceInTransaction(tx, principal, offerId, actor, { approve: true });
      if (to === 'paid') {
        assertOrderStep('pay', (await findPurchaseOrder(tx, principal, offerId))!);
        const invoice = (await latestInvoice(tx, offerId))!;
        const paidOn = berlinToday(now);
        await payOrderInTransaction(tx, principal, offerId, actor, { invoiceId: invoice.id, paidOn, reference: `TEST-PAY-${paidOn}` });
      }
    }
    return offerAnswer(tx, (await findOffer(tx, principal, offerId))!, lang);
  });
}
