import 'server-only';
import type { z } from 'zod';
import type { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { invoiceRejectionTexts } from '@/lib/i18n/messages';
import { serializeOffer } from '@/lib/offers/contract/serialize';
import type { OrderOut } from '@/lib/purchase-orders/contract/response-schemas';
import { leaseTermsExample, offerRecord } from './examples';

// The examples of a done offer with its purchase order in its states (the order operations'
// answers and the sandbox's order steps).

const approvedAt = new Date('2026-05-20T09:12:00.000Z');
const doneRecord = offerRecord({ status: 'done', processAfter: null, updatedAt: approvedAt, statusChangedAt: approvedAt, environment: 'sandbox' });

type OfferEnvelope = z.output<typeof offerEnvelopeSchema>;
const withOrder = (order: OrderOut): OfferEnvelope => ({ data: serializeOffer(doneRecord, 'en', leaseTermsExample, order), meta: {} });

const handedOver: OrderOut = {
  status: 'handed_over',
  pickupCodeSentAt: approvedAt.toISOString(),
  handedOverOn: '2026-05-28',
  frameNumber: 'WBK-2026-04711',
  batterySerialNumber: 'BO-750-8812345',
  leaseStart: '2026-06-01',
  leaseEnd: '2029-05-31',
};
const invoice = { invoiceNumber: 'RE-2026-0815', invoiceDate: '2026-06-02', amountGross: Number(doneRecord.totalPriceGross) };

export const orderExamples = {
  awaitingHandover: {
    summary: 'Done: the order awaits the handover (sandbox: with its test pickup code)',
    value: withOrder({ status: 'awaiting_handover', pickupCodeSentAt: approvedAt.toISOString(), pickupCode: 'TEST-3XQD' }),
  },
  handedOver: { summary: 'Handed over: the lease runs', value: withOrder(handedOver) },
  invoiced: { summary: 'Invoiced: the invoice waits for the operator’s check', value: withOrder({ ...handedOver, status: 'invoiced', invoice: { ...invoice, status: 'submitted' } }) },
  invoiceRejected: {
    summary: 'Invoice rejected: correct it and send it again',
    value: withOrder({
      ...handedOver,
      status: 'invoice_rejected',
      invoice: {
        ...invoice,
        status: 'rejected',
        errors: [
          {
            code: 'INVOICE_RECIPIENT_WRONG',
            message: invoiceRejectionTexts.INVOICE_RECIPIENT_WRONG.en,
            translations: { ...invoiceRejectionTexts.INVOICE_RECIPIENT_WRONG },
          },
        ],
      },
    }),
  },
  paid: {
    summary: 'Paid',
    value: withOrder({ ...handedOver, status: 'paid', invoice: { ...invoice, status: 'paid', paidOn: '2026-06-15', payoutReference: 'SPK-PAY-2026-0007' } }),
  },
};
