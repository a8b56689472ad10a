import 'server-only';
import { readMultipartBody } from '@/lib/api/body';
import { badRequest, fieldError } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import { invoiceFieldsSchema } from '@/lib/purchase-orders/contract/schemas';
import type { InvoiceSubmission } from '@/lib/purchase-orders/use-cases/invoice';

// The portal's invoice upload (multipart/form-data: invoiceNumber, invoiceDate, amountGross and the
// file `document`), read as the API reads it — within the upload's limit — and validated by the
// API's schema of the same fields (400 naming each field).

export async function readInvoiceUpload(req: Request): Promise<InvoiceSubmission> {
  const { fields, files } = await readMultipartBody(req);
  const input = parseOrThrow(invoiceFieldsSchema, fields);
  const document = files.document;
  if (!document) badRequest([fieldError('MISSING_PARAMETER', 'required', 'document')]);
  return { ...input, document };
}
