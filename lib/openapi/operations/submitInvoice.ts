import 'server-only';
import { z } from 'zod';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { invoiceFieldsSchema } from '@/lib/purchase-orders/contract/schemas';
import { orderExamples } from '../order-examples';
import { idempotencyKeyHeaders, idempotentWriteHeaders, locationHeader, offerIdParams, type OperationSpec } from './shared';

const invoiceFormSchema = invoiceFieldsSchema
  .extend({ document: z.string().meta({ format: 'binary', description: 'The invoice as a PDF, at most 5 MB (checked by its content).' }) })
  .meta({ id: 'InvoiceForm', description: 'The invoice: its fields and the PDF, as multipart/form-data.' });

export const submitInvoice = {
  operationId: 'submitInvoice',
  method: 'post',
  path: '/v1/offers/{id}/invoice',
  tag: 'Orders',
  summary: 'Send the invoice of a handed-over order',
  description:
    'After the handover, or after a rejected invoice (the corrected one; it may keep the rejected one’s number): `multipart/form-data` with `invoiceNumber` (1–40 characters), `invoiceDate` (YYYY-MM-DD, not before the handover, not in the future), `amountGross` (the offer’s totalPriceGross to the cent, a dot for the decimals) and `document` (a PDF of at most 5 MB). The order becomes `invoiced` and waits for the operator’s check. An invoice number the dealer used before in this environment (not rejected) answers 409 CONFLICT. `curl -F invoiceNumber=RE-1 -F invoiceDate=2026-06-02 -F amountGross=3693.75 -F document=@invoice.pdf`.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  headers: idempotencyKeyHeaders,
  body: {
    schema: invoiceFormSchema,
    description: 'The invoice’s fields and its PDF.',
    examples: { invoice: { summary: 'The invoice of the offer’s total', value: { invoiceNumber: 'RE-2026-0815', invoiceDate: '2026-06-02', amountGross: '3693.75', document: '(the PDF file)' } } },
    multipart: true,
  },
  success: {
    status: 201,
    description: 'The offer with its order invoiced.',
    schema: offerEnvelopeSchema,
    headers: idempotentWriteHeaders.extend({ Location: locationHeader }),
    examples: { invoiced: orderExamples.invoiced },
  },
  errors: {
    INVALID_REQUEST: 'the body is not multipart/form-data, or is over 6 MB',
    MISSING_PARAMETER: true,
    INVALID_PARAMETER:
      'the id is not a UUID, a field has the wrong form, `invoiceDate` lies in the future or before the handover, or `document` is not a PDF or larger than 5 MB (`details` names the field)',
    INVOICE_AMOUNT_MISMATCH: '`amountGross` is not the offer’s totalPriceGross; `expectedAmountGross` names it',
    NOT_FOUND: true,
    ORDER_NOT_INVOICEABLE: 'the order is not handed over (or its invoice rejected): before the handover, while an invoice waits for its check, or after it was approved',
    CONFLICT: 'the dealer used `invoiceNumber` before in this environment for an invoice that was not rejected',
    IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different request',
    IDEMPOTENCY_KEY_IN_USE: true,
  },
} satisfies OperationSpec;
