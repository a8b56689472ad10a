import { z } from 'zod';
import { textKey } from '@/lib/i18n/text-key';
import { BATTERY_SERIAL_PATTERN, FRAME_NUMBER_PATTERN } from '@/lib/purchase-orders/rules/handover';
import { INVOICE_NUMBER_MAX } from '@/lib/purchase-orders/rules/invoice';
import { INVOICE_REJECTION_CODES } from '@/lib/purchase-orders/rules/reject-reasons';

// What the order operations accept: the handover (JSON), the invoice's fields (multipart form), the
// operator's decisions. The OpenAPI document is generated from these schemas.

const day = z.iso.date('day');

export const handoverBodySchema = z
  .object({
    pickupCode: z.string('type').min(1, 'required').max(64, 'tooLong').meta({
      description: 'The employee’s pickup code, as the employee shows it (case, spaces and hyphens do not matter).',
      example: 'K7PM-3XQD',
    }),
    frameNumber: z.string('type').regex(FRAME_NUMBER_PATTERN, 'frameNumber').meta({
      description: 'The bicycle’s frame number: 4–30 letters, digits and hyphens.',
      example: 'WBK-2026-04711',
    }),
    batterySerialNumber: z.string('type').regex(BATTERY_SERIAL_PATTERN, 'batterySerialNumber').optional().meta({
      description: 'The battery’s serial number: required for an e-bike (a category under 102000 or 103000).',
      example: 'BO-750-8812345',
    }),
    handedOverOn: day.optional().meta({
      description: 'The day of the handover (YYYY-MM-DD, Europe/Berlin): not in the future, not before the approval. Default: today.',
      example: '2026-05-28',
    }),
  })
  .meta({ id: 'HandoverRequest', description: 'The handover at the counter, confirmed with the employee’s pickup code.' });

export type HandoverBody = z.output<typeof handoverBodySchema>;

export const invoiceFieldsSchema = z
  .object({
    invoiceNumber: z.string('type').trim().min(1, 'tooShort').max(INVOICE_NUMBER_MAX, textKey('tooLong', { maximum: INVOICE_NUMBER_MAX })).meta({
      description: 'The dealer’s invoice number, 1–40 characters; once per dealer and environment (a rejected invoice’s number may be sent again).',
      example: 'RE-2026-0815',
    }),
    invoiceDate: day.meta({ description: 'The invoice’s date (YYYY-MM-DD): not before the handover, not in the future.', example: '2026-06-02' }),
    amountGross: z.string('type').regex(/^\d{1,10}(?:\.\d{1,2})?$/, 'amount').meta({
      description: 'The gross amount in euros with a dot for the decimals: the offer’s totalPriceGross, to the cent.',
      example: '3693.75',
    }),
  })
  .meta({ id: 'InvoiceFields' });

export type InvoiceFields = z.output<typeof invoiceFieldsSchema>;

/** The operator's refusal of an invoice: one or more codes, each with an optional text. */
export const invoiceRejectionInputSchema = z.object({
  reasons: z
    .array(
      z.object({
        code: z.enum(INVOICE_REJECTION_CODES, 'oneOf'),
        text: z.string('type').trim().max(500, 'tooLong').optional(),
      }),
    )
    .min(1, 'required')
    .max(INVOICE_REJECTION_CODES.length, 'tooMany'),
  /** The language the operator wrote the texts in. */
  lang: z.enum(['de', 'en'], 'oneOf'),
});

export type InvoiceRejectionInput = z.output<typeof invoiceRejectionInputSchema>;
