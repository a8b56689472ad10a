import 'server-only';
import { z } from 'zod';
import { INVOICE_STATUSES, PURCHASE_ORDER_STATUSES } from '@/lib/shared/model';
import { translationsSchema } from '@/lib/api/response-schemas';
import { INVOICE_REJECTION_CODES } from '@/lib/purchase-orders/rules/reject-reasons';

// The `order` of a done offer as /v1 answers it (absent before `done`): the OpenAPI document is
// generated from these schemas and the contract tests validate every answer with them.

const day = (description: string, example: string) => z.iso.date().meta({ description: `${description} (YYYY-MM-DD, Europe/Berlin).`, example });

export const orderStatusSchema = z.enum(PURCHASE_ORDER_STATUSES).meta({
  'x-open-enum': true,
  id: 'OrderStatus',
  description:
    'Where the purchase order stands: awaiting_handover (the employee has a pickup code), handed_over, invoiced (the dealer’s invoice waits for the operator’s check), invoice_rejected (to correct), approved (waits for the next payout), paid, canceled (withdrawn before the handover).',
});

export const invoiceRejectionSchema = z
  .strictObject({
    code: z.enum(INVOICE_REJECTION_CODES).meta({ 'x-open-enum': true, description: 'Why the invoice was refused; clients must tolerate new codes.' }),
    message: z.string().meta({ description: 'The reason in the language of Accept-Language, with the operator’s words when given.' }),
    translations: translationsSchema,
  })
  .meta({ id: 'InvoiceRejection', description: 'One reason of a refused invoice.' });

export const orderInvoiceSchema = z
  .strictObject({
    invoiceNumber: z.string().meta({ description: 'The dealer’s invoice number.', example: 'RE-2026-0815' }),
    invoiceDate: day('The invoice’s date', '2026-06-02'),
    amountGross: z.number().min(0).meta({ description: 'The invoiced gross amount in euros: the offer’s totalPriceGross.', example: 3693.75 }),
    status: z.enum(INVOICE_STATUSES).meta({ 'x-open-enum': true, description: 'submitted (waits for the check), rejected, approved, paid.' }),
    errors: z.array(invoiceRejectionSchema).optional().meta({ description: 'Present when rejected: why; send a corrected invoice.' }),
    paidOn: day('When the invoice was paid', '2026-06-15').optional(),
    payoutReference: z.string().optional().meta({ description: 'The payout’s reference on the bank transfer.', example: 'SPK-PAY-2026-0007' }),
  })
  .meta({ id: 'OrderInvoice', description: 'The dealer’s newest invoice of the order.' });

export const orderSchema = z
  .strictObject({
    status: orderStatusSchema,
    pickupCodeSentAt: z.iso.datetime().optional().meta({ description: 'When the employee’s current pickup code was issued.', example: '2026-05-20T09:12:00.000Z' }),
    pickupCode: z
      .string()
      .optional()
      .meta({
        description:
          'Sandbox offers only: the pickup code, marked as a test by its first four characters TEST, so the dealer can record a handover (POST /v1/offers/{id}/handover). A production code is mailed to the employee alone and never part of an answer.',
        example: 'TEST-3XQD',
      }),
    handedOverOn: day('The day of the handover', '2026-05-28').optional(),
    frameNumber: z.string().optional().meta({ description: 'The bicycle’s frame number, as recorded at the handover.', example: 'WBK-2026-04711' }),
    batterySerialNumber: z.string().optional().meta({ description: 'The battery’s serial number (e-bikes).', example: 'BO-750-8812345' }),
    leaseStart: day('The lease’s first day: the first day of the month after the handover', '2026-06-01').optional(),
    leaseEnd: day('The lease’s last day: the day before termMonths months after leaseStart', '2029-05-31').optional(),
    cancelReason: z.string().optional().meta({ description: 'Present when canceled: why, as the operator wrote it.' }),
    invoice: orderInvoiceSchema.optional(),
  })
  .meta({
    id: 'Order',
    description: 'The purchase order the operator’s approval issued: the operator buys the bicycle for the offer’s totalPriceGross. Present once the offer is done.',
  });

export type OrderOut = z.output<typeof orderSchema>;
