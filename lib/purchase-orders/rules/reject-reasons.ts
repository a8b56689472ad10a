// Why the operator refuses a dealer's invoice: codes the dealer reads in its language, each with
// an optional text the operator writes (shown in both languages, marked with the one it is in).

export const INVOICE_REJECTION_CODES = [
  'INVOICE_AMOUNT_WRONG',
  'INVOICE_RECIPIENT_WRONG',
  'INVOICE_FRAME_NUMBER_MISSING',
  'INVOICE_DOCUMENT_UNREADABLE',
  'INVOICE_DATE_WRONG',
  'INVOICE_OTHER',
] as const;
export type InvoiceRejectionCode = (typeof INVOICE_REJECTION_CODES)[number];
