import 'server-only';
import type { OrderAnswerSource } from '@/db/repositories/purchase-orders';
import { invoiceRejectionTexts, type Lang, type Text } from '@/lib/i18n/messages';
import type { InvoiceRejectionCode } from '@/lib/purchase-orders/rules/reject-reasons';
import { formatPickupCode } from '@/lib/purchase-orders/rules/pickup-code';
import type { OrderOut } from './response-schemas';

// The order as answered: dates as YYYY-MM-DD, absent fields left out, money as numbers. The pickup
// code only of a sandbox order while it awaits the handover (a sandbox code starts with its test
// mark, TEST-; the production one is the employee's alone).

function rejection(entry: { code: string; text?: Text }, lang: Lang) {
  const text = entry.text ?? invoiceRejectionTexts[entry.code as InvoiceRejectionCode] ?? { de: entry.code, en: entry.code };
  return { code: entry.code as InvoiceRejectionCode, message: text[lang], translations: text };
}

export function serializeOrder(order: OrderAnswerSource, lang: Lang): OrderOut {
  const inv = order.invoice;
  const out: OrderOut = { status: order.status };
  if (order.pickupCodeSentAt) out.pickupCodeSentAt = order.pickupCodeSentAt.toISOString();
  if (order.environment === 'sandbox' && order.sandboxPickupCode && order.status === 'awaiting_handover') out.pickupCode = formatPickupCode(order.sandboxPickupCode);
  if (order.handedOverOn) out.handedOverOn = order.handedOverOn;
  if (order.frameNumber) out.frameNumber = order.frameNumber;
  if (order.batterySerialNumber) out.batterySerialNumber = order.batterySerialNumber;
  if (order.leaseStart) out.leaseStart = order.leaseStart;
  if (order.leaseEnd) out.leaseEnd = order.leaseEnd;
  if (order.cancelReason) out.cancelReason = order.cancelReason;
  if (inv) {
    out.invoice = {
      invoiceNumber: inv.invoiceNumber,
      invoiceDate: inv.invoiceDate,
      amountGross: Number(inv.amountGross),
      status: inv.status,
      ...(inv.status === 'rejected' ? { errors: inv.errors.map((e) => rejection(e, lang)) } : {}),
      ...(inv.paidOn ? { paidOn: inv.paidOn } : {}),
      ...(inv.payoutReference ? { payoutReference: inv.payoutReference } : {}),
    };
  }
  return out;
}
