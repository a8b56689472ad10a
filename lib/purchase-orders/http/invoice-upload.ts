import 'server-only';
import { ApiError, badRequest, fieldError } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import { invoiceFieldsSchema } from '@/lib/purchase-orders/contract/schemas';
import { INVOICE_DOCUMENT_MAX_BYTES } from '@/lib/purchase-orders/rules/invoice';
import type { InvoiceSubmission } from '@/lib/purchase-orders/use-cases/invoice';

// The invoice upload of the portal (multipart/form-data: invoiceNumber, invoiceDate, amountGross
// and the file `document`), read within its limit — by the Content-Length, then while streaming —
// and validated by the API's schema of the same fields (400 naming each field).

/** The largest upload: the PDF's 5 MB and its fields. */
const MAX_UPLOAD_BYTES = INVOICE_DOCUMENT_MAX_BYTES + 1024 * 1024;
const MULTIPART = /^multipart\/form-data\s*;/i;

function tooLarge(): never {
  throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'bodyTooLarge', undefined, { maximum: '6 MB' })] });
}

async function readBytes(req: Request): Promise<Buffer> {
  if (Number(req.headers.get('content-length') ?? '0') > MAX_UPLOAD_BYTES) tooLarge();
  if (!req.body) return Buffer.alloc(0);
  const reader = req.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > MAX_UPLOAD_BYTES) {
      await reader.cancel();
      tooLarge();
    }
    chunks.push(value);
  }
  return Buffer.concat(chunks);
}

export async function readInvoiceUpload(req: Request): Promise<InvoiceSubmission> {
  const type = req.headers.get('content-type') ?? '';
  if (!MULTIPART.test(type)) throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'multipart', undefined)] });
  const bytes = await readBytes(req);
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(bytes), { headers: { 'content-type': type } }).formData();
  } catch {
    throw new ApiError('INVALID_REQUEST', { entries: [fieldError('INVALID_REQUEST', 'multipart', undefined)] });
  }
  const text = (name: string) => {
    const v = form.get(name);
    return typeof v === 'string' ? v : undefined;
  };
  const fields = parseOrThrow(invoiceFieldsSchema, { invoiceNumber: text('invoiceNumber'), invoiceDate: text('invoiceDate'), amountGross: text('amountGross') });
  const file = form.get('document');
  if (!file || typeof file === 'string') badRequest([fieldError('MISSING_PARAMETER', 'required', 'document')]);
  return { ...fields, document: new Uint8Array(await file.arrayBuffer()) };
}
