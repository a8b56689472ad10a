import 'server-only';
import type { DueMail } from '@/db/repositories/notifications';
import { env } from '@/lib/env';
import { statusLabel } from '@/lib/portal/i18n';

// The mails of the order journey (docs/notifications.md): the customer's link to the offer, the
// employer's or the operator's decision told to the customer, a new request told to the employer's
// HR staff. A customer has no account and so no language setting: their mails are in German and
// English, German first.

export type OutgoingMail = { from: string; to: string; subject: string; text: string; messageId: string; headers: Record<string, string> };

const euros = (value: string | null, lang: 'de' | 'en') =>
  value === null
    ? ''
    : new Intl.NumberFormat(lang === 'en' ? 'en-GB' : 'de-DE', { style: 'currency', currency: 'EUR' }).format(Number(value)).replace(/[\u00a0\u202f]/g, ' ');

const sandbox = (m: DueMail) => m.environment === 'sandbox';

function mail(m: DueMail, from: string, subject: string, text: string[]): OutgoingMail {
  return {
    from,
    to: m.mailTo,
    subject: sandbox(m) ? `[Test] ${subject}` : subject,
    text: text.join('\n').trimEnd(),
    messageId: `<notification-${m.id}@spoke>`,
    headers: { 'X-Spoke-Offer': m.offerNumber ?? '' },
  };
}

const testNote = (m: DueMail) =>
  sandbox(m) ? ['(Test: ein Angebot aus der Sandbox des Händlers. / Test: an offer from the dealer’s sandbox.)', ''] : [];

/** The link to the offer, sent by the dealer (or asked for by the customer from the offer's QR code). */
export function customerLinkMail(m: DueMail, from: string): OutgoingMail {
  const days = env.customerLinkTtlDays;
  const dealer = m.dealerName ?? '';
  return mail(m, from, `Ihr Angebot von ${dealer} / Your offer from ${dealer} (${m.offerNumber})`, [
    `Hallo ${m.userName},`,
    '',
    `${dealer} hat Ihnen das Leasingangebot ${m.offerNumber} über ${euros(m.totalPriceGross, 'de')} geschickt.`,
    `Hier sehen Sie es und können es bei Ihrem Arbeitgeber bestellen (${days} Tage gültig, kein Konto nötig):`,
    '',
    m.link ?? '',
    '',
    'Geben Sie den Link nicht weiter: Wer ihn hat, kann das Angebot bestellen.',
    '',
    ...testNote(m),
    '----',
    '',
    `Hello ${m.userName},`,
    '',
    `${dealer} has sent you the lease offer ${m.offerNumber} for ${euros(m.totalPriceGross, 'en')}.`,
    `See it here and order it through your employer (valid for ${days} days, no account needed):`,
    '',
    m.link ?? '',
    '',
    'Do not pass the link on: whoever has it can order the offer.',
  ]);
}

/** What was decided, in both languages, from the offer's new status and its status errors. */
function decisionOf(m: DueMail): { de: string; en: string } {
  const declined = m.statusErrors.find((e) => e.code === 'EMPLOYER_DECLINED' || e.code === 'OPERATOR_DECLINED');
  const reason = declined?.text ? { de: ` Begründung: ${declined.text.de}`, en: ` Reason: ${declined.text.en}` } : { de: '', en: '' };
  if (m.status === 'operator_decision_pending') {
    return {
      de: 'Ihr Arbeitgeber hat Ihre Bestellung genehmigt. Jetzt prüft sie der Leasinggeber; Sie hören von uns, sobald er entschieden hat.',
      en: 'Your employer approved your order. The leasing operator checks it now; you will hear from us once it has decided.',
    };
  }
  if (m.status === 'done') {
    return {
      de: `Der Leasinggeber hat Ihre Bestellung genehmigt. Ihr Händler ${m.dealerName ?? ''} meldet sich wegen der Übergabe des Fahrrads.`,
      en: `The leasing operator approved your order. Your dealer ${m.dealerName ?? ''} will be in touch about handing over the bicycle.`,
    };
  }
  if (declined?.code === 'EMPLOYER_DECLINED') {
    return {
      de: `Ihr Arbeitgeber hat Ihre Bestellung abgelehnt.${reason.de} Fragen dazu beantwortet Ihre Personalabteilung.`,
      en: `Your employer declined your order.${reason.en} Your HR department can answer questions about it.`,
    };
  }
  return {
    de: `Der Leasinggeber hat Ihre Bestellung abgelehnt.${reason.de} Ihr Händler ${m.dealerName ?? ''} berät Sie gern zu einem neuen Angebot.`,
    en: `The leasing operator declined your order.${reason.en} Your dealer ${m.dealerName ?? ''} will gladly advise you on a new offer.`,
  };
}

/** The employer's or the operator's decision, told to the customer. */
export function customerDecisionMail(m: DueMail, from: string): OutgoingMail {
  const decision = decisionOf(m);
  const status = { de: statusLabel(m.status ?? '', 'de'), en: statusLabel(m.status ?? '', 'en') };
  return mail(m, from, `Ihre Bestellung ${m.offerNumber}: ${status.de} / Your order ${m.offerNumber}: ${status.en}`, [
    `Hallo ${m.userName},`,
    '',
    decision.de,
    '',
    ...testNote(m),
    '----',
    '',
    `Hello ${m.userName},`,
    '',
    decision.en,
  ]);
}

/** A new request told to a member of the employer's HR staff, in the language they chose. */
export function employerRequestMail(m: DueMail, from: string): OutgoingMail {
  const en = m.lang === 'en';
  const url = m.link ?? `${env.publicUrl}/employer/requests/${m.offerId}`;
  const who = m.customerName ?? '';
  return mail(m, from, en ? `New request: ${who} (${m.offerNumber})` : `Neue Anfrage: ${who} (${m.offerNumber})`, [
    en ? `Hello ${m.userName},` : `Hallo ${m.userName},`,
    '',
    en
      ? `${who} asks you to approve the lease of a bicycle from ${m.dealerName ?? ''} (${m.offerNumber}, total ${euros(m.totalPriceGross, 'en')}).`
      : `${who} bittet Sie, das Leasing eines Fahrrads von ${m.dealerName ?? ''} zu genehmigen (${m.offerNumber}, Gesamtsumme ${euros(m.totalPriceGross, 'de')}).`,
    en ? 'Approve or decline it here:' : 'Genehmigen oder ablehnen können Sie hier:',
    '',
    url,
    '',
    ...(sandbox(m) ? [en ? '(Test: an offer from the dealer’s sandbox.)' : '(Test: ein Angebot aus der Sandbox des Händlers.)', ''] : []),
    en ? 'You can choose in Spoke whether you are told about new requests.' : 'Ob Ihnen neue Anfragen gemeldet werden, stellen Sie in Spoke ein.',
  ]);
}
