import 'server-only';
import type { DueMail } from '@/db/repositories/notifications';
import type { OrderView } from '@/db/repositories/purchase-orders';
import { env } from '@/lib/env';
import { mailTranslator } from '@/lib/i18n/catalogue';
import { invoiceRejectionTexts, type Lang } from '@/lib/i18n/messages';
import { formatDate } from '@/lib/portal/i18n';
import { formatPickupCode } from '@/lib/purchase-orders/rules/pickup-code';
import type { OutgoingMail } from './order-mails';

// The mails of a purchase order's steps: to the employee (no account: German and English, German
// first) the pickup code with where to collect and what to bring, and the handover confirmation;
// to the dealer's users (in their language) an invoice rejected with its reasons, and paid.

/** The kinds this file writes. */
export const PURCHASE_ORDER_MAIL_KINDS = ['pickup_code', 'handover_confirmation', 'invoice_rejected', 'order_paid'] as const;

const day = (value: string | null | undefined, lang: Lang) => (value ? formatDate(`${value}T12:00:00.000Z`, lang) : '');
const euros = (value: string | number, lang: Lang) =>
  new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(Number(value)).replace(/[\u00a0\u202f]/g, ' ');

function outgoing(m: DueMail, from: string, subject: string, lines: string[]): OutgoingMail {
  const test = m.environment === 'sandbox';
  return { from, to: m.mailTo, subject: test ? `[Test] ${subject}` : subject, text: lines.join('\n').trimEnd(), messageId: `<notification-${m.id}@spoke>`, headers: { 'X-Spoke-Offer': m.offerNumber ?? '' } };
}

/** The employee's part in one language. */
function employeeText(m: DueMail, order: OrderView | undefined, lang: Lang): string[] {
  const t = mailTranslator(lang);
  const offerNumber = String(m.offerNumber);
  const dealer = m.dealerName ?? '';
  if (m.kind === 'pickup_code') {
    return [
      t('hello', { name: m.userName }),
      '',
      t('pickupReady', { offerNumber, dealer }),
      '',
      t('pickupCode', { code: m.link?.length === 8 ? formatPickupCode(m.link) : (m.link ?? '') }),
      '',
      t('pickupWhere'),
      dealer,
      ...(m.dealerAddress?.split(/\r?\n/).filter((l) => l.trim()) ?? []),
      '',
      t('pickupBring'),
    ];
  }
  return [
    t('hello', { name: m.userName }),
    '',
    t('handoverDone', {
      date: day(order?.handedOverOn, lang),
      dealer,
      frameNumber: order?.frameNumber ?? '',
      leaseStart: day(order?.leaseStart, lang),
      leaseEnd: day(order?.leaseEnd, lang),
    }),
  ];
}

/** A purchase order's mail, or undefined for another kind. `order`: the order as it is now. */
export function purchaseOrderMail(m: DueMail, from: string, order: OrderView | undefined): OutgoingMail | undefined {
  const offerNumber = String(m.offerNumber);
  if (m.kind === 'pickup_code' || m.kind === 'handover_confirmation') {
    const key = m.kind === 'pickup_code' ? 'pickupSubject' : 'handoverSubject';
    const [de, en] = [mailTranslator('de'), mailTranslator('en')];
    return outgoing(m, from, `${de(key, { offerNumber })} / ${en(key, { offerNumber })}`, [...employeeText(m, order, 'de'), '', '----', '', ...employeeText(m, order, 'en')]);
  }
  if (m.kind !== 'invoice_rejected' && m.kind !== 'order_paid') return undefined;
  const lang: Lang = m.lang === 'en' ? 'en' : 'de';
  const t = mailTranslator(lang);
  const inv = order?.invoice;
  const url = `${env.publicUrl}/portal/offers/${m.offerId}`;
  if (m.kind === 'invoice_rejected') {
    const reasons = (inv?.errors ?? []).map((e) => `- ${(e.text ?? invoiceRejectionTexts[e.code as keyof typeof invoiceRejectionTexts] ?? { de: e.code, en: e.code })[lang]}`);
    return outgoing(m, from, t('invoiceRejectedSubject', { offerNumber }), [
      t('hello', { name: m.userName }),
      '',
      t('invoiceRejectedText', { invoiceNumber: inv?.invoiceNumber ?? '', offerNumber }),
      ...reasons,
      '',
      url,
    ]);
  }
  return outgoing(m, from, t('orderPaidSubject', { offerNumber }), [
    t('hello', { name: m.userName }),
    '',
    t('orderPaidText', { invoiceNumber: inv?.invoiceNumber ?? '', offerNumber, amount: inv ? euros(inv.amountGross, lang) : '', paidOn: day(inv?.paidOn, lang), reference: inv?.payoutReference ?? '' }),
    '',
    url,
  ]);
}
