import { z } from 'zod';
import { berlinToday } from '@/lib/api/dates';
import { parseAmount } from '@/lib/i18n/amount';
import type { Lang } from '@/lib/i18n/lang';
import { BATTERY_SERIAL_PATTERN, FRAME_NUMBER_PATTERN, isEBikeCategory } from '@/lib/purchase-orders/rules/handover';
import { INVOICE_DOCUMENT_MAX_BYTES, INVOICE_NUMBER_MAX } from '@/lib/purchase-orders/rules/invoice';

// The portal's counter forms (handover, invoice upload) as the browser checks them before sending:
// the same limits as the API's (lib/purchase-orders/contract/schemas.ts), with the amount typed the
// way the page's language writes it. Every message is a key of the purchaseOrder texts; the server
// stays the judge (the code, the dates against the approval and the handover, the amount).

/** A pickup code as typed: 8 letters or digits once spaces and hyphens are gone (any case). */
export const looksLikePickupCode = (typed: string) => /^[A-Za-z0-9]{8}$/.test(typed.replace(/[\s-]+/g, ''));

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The handover form; the battery's serial number is required for an e-bike (categories under 102000 and 103000). */
export function handoverFormSchema(bidexCode: string, now = new Date()) {
  const eBike = isEBikeCategory(bidexCode);
  const today = berlinToday(now);
  return z
    .object({
      pickupCode: z.string().trim().min(1, 'v_pickupCodeRequired').refine(looksLikePickupCode, 'v_pickupCodeForm'),
      frameNumber: z.string().trim().min(1, 'v_frameNumberRequired').regex(FRAME_NUMBER_PATTERN, 'v_frameNumberForm'),
      batterySerialNumber: z.string().trim(),
      handedOverOn: z.string().regex(DAY, 'v_dayRequired').refine((d) => d <= today, 'v_handoverFuture'),
    })
    .superRefine((v, ctx) => {
      if (eBike && !v.batterySerialNumber) ctx.addIssue({ code: 'custom', path: ['batterySerialNumber'], message: 'v_batteryRequired' });
      else if (v.batterySerialNumber && !BATTERY_SERIAL_PATTERN.test(v.batterySerialNumber)) {
        ctx.addIssue({ code: 'custom', path: ['batterySerialNumber'], message: 'v_batteryForm' });
      }
    });
}
export type HandoverForm = z.input<ReturnType<typeof handoverFormSchema>>;

/** The handover's body as the API takes it (the battery's number only when given). */
export function handoverBody(v: HandoverForm) {
  const battery = v.batterySerialNumber.trim();
  return { pickupCode: v.pickupCode.trim(), frameNumber: v.frameNumber.trim(), ...(battery ? { batterySerialNumber: battery } : {}), handedOverOn: v.handedOverOn };
}

/**
 * The gross amount as typed in `lang` (`5.000,00`, `5000`, `5000,00` on a German page) as the API's
 * decimal text (`5000.00`); null when it cannot be read or is negative.
 */
export function amountForApi(typed: string, lang: Lang): string | null {
  const reading = parseAmount(typed, lang);
  if (!reading.ok || reading.value === undefined || reading.value < 0) return null;
  return reading.value.toFixed(2);
}

/** Whether a chosen file can be the invoice's PDF (its content is checked by the server). */
export const pdfFileProblem = (file: { name: string; type: string; size: number } | undefined): string | null => {
  if (!file) return 'v_documentRequired';
  if (file.type !== 'application/pdf' && !/\.pdf$/i.test(file.name)) return 'v_documentPdf';
  if (file.size > INVOICE_DOCUMENT_MAX_BYTES) return 'v_documentTooLarge';
  return null;
};

/** The invoice upload form, its amount read in `lang`. */
export function invoiceFormSchema(lang: Lang, now = new Date()) {
  const today = berlinToday(now);
  return z.object({
    invoiceNumber: z.string().trim().min(1, 'v_invoiceNumberRequired').max(INVOICE_NUMBER_MAX, 'v_invoiceNumberTooLong'),
    invoiceDate: z.string().regex(DAY, 'v_dayRequired').refine((d) => d <= today, 'v_invoiceDateFuture'),
    amountGross: z.string().trim().min(1, 'v_amountRequired').refine((a) => amountForApi(a, lang) !== null, 'v_amountForm'),
    document: z.custom<FileList | File[] | undefined>().superRefine((files, ctx) => {
      const problem = pdfFileProblem(files?.[0]);
      if (problem) ctx.addIssue({ code: 'custom', message: problem });
    }),
  });
}
export type InvoiceForm = z.input<ReturnType<typeof invoiceFormSchema>>;

/** The invoice as the multipart body of the upload (amount with a dot for the decimals). */
export function invoiceFormData(v: InvoiceForm, lang: Lang): FormData {
  const data = new FormData();
  data.set('invoiceNumber', v.invoiceNumber.trim());
  data.set('invoiceDate', v.invoiceDate);
  data.set('amountGross', amountForApi(v.amountGross, lang) ?? '');
  const file = v.document?.[0];
  if (file) data.set('document', file, file.name);
  return data;
}
