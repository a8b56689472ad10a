import 'server-only';
import { createHash } from 'node:crypto';
import { findOffer } from '@/db/repositories/offers';
import { findInvoiceDocument, insertInvoice, invoiceNumberTaken } from '@/db/repositories/purchase-order-invoices';
import { findPurchaseOrder, updatePurchaseOrder } from '@/db/repositories/purchase-orders';
import { uniqueViolation } from '@/db/errors';
import { getDb } from '@/lib/database';
import { berlinToday } from '@/lib/api/dates';
import { ApiError, badRequest, fieldError, notFound } from '@/lib/api/errors';
import type { Actor, Tenant } from '@/lib/auth/authenticate';
import { formatEach, orderTexts, type Lang } from '@/lib/i18n/messages';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import type { InvoiceFields } from '@/lib/purchase-orders/contract/schemas';
import { centsOf, INVOICE_DOCUMENT_MAX_BYTES, invoiceDayProblem, isPdf, totalCents } from '@/lib/purchase-orders/rules/invoice';
import { assertOrderStep, recordOrderStep } from './order-steps';

/** The invoice's fields and its document's bytes. */
export type InvoiceSubmission = InvoiceFields & { document: Uint8Array };

const euros = (cents: number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'de' ? 'de-DE' : 'en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(cents / 100).replace(/[\u00a0\u202f]/g, ' ');

/**
 * The dealer's invoice of a handed-over order (POST /v1/offers/{id}/invoice, the portal's upload),
 * or the corrected one after a rejection: the order becomes `invoiced` and waits for the operator's
 * check. Refused: before the handover (409 ORDER_NOT_INVOICEABLE), a date before the handover or in
 * the future, an amount that is not the offer's total to the cent (400 INVOICE_AMOUNT_MISMATCH with
 * the expected amount), a document that is not a PDF or larger than 5 MB, a number the dealer used
 * before in this environment for an invoice that was not rejected (409 CONFLICT).
 */
export async function submitInvoice(tenant: Tenant, actor: Actor, offerId: string, input: InvoiceSubmission, lang: Lang, options: { now?: Date } = {}): Promise<OfferResponse> {
  const now = options.now ?? new Date();
  const today = berlinToday(now);
  const document = Buffer.from(input.document.buffer, input.document.byteOffset, input.document.byteLength);
  try {
    return await getDb().transaction(async (tx) => {
      const offer = await findOffer(tx, tenant, offerId);
      if (!offer) notFound();
      const order = await findPurchaseOrder(tx, tenant, offerId, { lock: true });
      assertOrderStep('submit_invoice', order);

      if (document.byteLength > INVOICE_DOCUMENT_MAX_BYTES) badRequest([fieldError('INVALID_PARAMETER', 'documentTooLarge', 'document', { maximum: '5 MB' })]);
      if (!isPdf(document)) badRequest([fieldError('INVALID_PARAMETER', 'pdfDocument', 'document')]);
      const dayProblem = invoiceDayProblem(input.invoiceDate, today, order.handedOverOn!);
      if (dayProblem) {
        badRequest([
          fieldError('INVALID_PARAMETER', dayProblem === 'future' ? 'invoiceDateFuture' : 'invoiceBeforeHandover', 'invoiceDate', { today, handedOverOn: order.handedOverOn! }),
        ]);
      }
      const expected = totalCents(offer.totalPriceGross);
      if (centsOf(input.amountGross) !== expected) {
        throw new ApiError('INVOICE_AMOUNT_MISMATCH', {
          text: formatEach(orderTexts.invoiceAmountExpected, (l) => ({ expected: euros(expected, l) })),
          details: 'amountGross',
          expectedAmountGross: expected / 100,
        });
      }
      if (await invoiceNumberTaken(tx, tenant, input.invoiceNumber)) invoiceNumberUsed(input.invoiceNumber);

      await insertInvoice(
        tx,
        {
          offerId,
          dealerId: tenant.dealerId,
          environment: tenant.environment,
          invoiceNumber: input.invoiceNumber,
          invoiceDate: input.invoiceDate,
          amountGross: (expected / 100).toFixed(2),
          ...(options.now ? { submittedAt: options.now } : {}),
        },
        { content: document, sha256: createHash('sha256').update(document).digest('hex') },
      );
      await updatePurchaseOrder(tx, offerId, { status: 'invoiced' });
      await recordOrderStep(
        tx,
        offer,
        actor,
        order.status === 'invoice_rejected' ? 'invoice_corrected' : 'invoice_submitted',
        order.status,
        'invoiced',
        [
          { field: 'order.invoice.invoiceNumber', new: input.invoiceNumber },
          { field: 'order.invoice.invoiceDate', new: input.invoiceDate },
          { field: 'order.invoice.amountGross', new: expected / 100 },
        ],
        options.now,
      );
      return offerAnswer(tx, offer, lang);
    });
  } catch (err) {
    // Two invoices with one number at once: the unique index refuses the second.
    if (uniqueViolation(err) === 'purchase_order_invoices_number_uq') invoiceNumberUsed(input.invoiceNumber);
    throw err;
  }
}

function invoiceNumberUsed(invoiceNumber: string): never {
  throw new ApiError('CONFLICT', { text: formatEach(orderTexts.invoiceNumberUsed, () => ({ invoiceNumber })), details: 'invoiceNumber' });
}

/** The PDF of the tenant's newest invoice of an offer (GET /v1/offers/{id}/invoice/document); 404 without one. */
export async function invoiceDocument(tenant: Tenant, offerId: string): Promise<{ fileName: string; content: Buffer }> {
  const doc = await findInvoiceDocument(getDb(), tenant, offerId);
  if (!doc) notFound();
  return { fileName: `${doc.invoiceNumber.replace(/[^A-Za-z0-9._-]+/g, '_')}.pdf`, content: doc.content };
}
