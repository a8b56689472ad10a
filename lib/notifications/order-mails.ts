import 'server-only';
import type { DueMail } from '@/db/repositories/notifications';
import { env } from '@/lib/env';
import { legalUrls, operatorDetails } from '@/lib/legal/operator';
import { mailTranslator } from '@/lib/i18n/catalogue';
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

const de = mailTranslator('de');
const en = mailTranslator('en');

/** Who is behind the mail, in both languages: the leasing operator and its Impressum and privacy notice (every customer mail ends with it). */
function legalFooter(): string[] {
  const operator = operatorDetails();
  const params = { operator: operator.name, address: operator.addressLines.join(', '), ...legalUrls() };
  return ['', '----', de('legalFooter', params), en('legalFooter', params)];
}

const testNote = (m: DueMail) => (sandbox(m) ? [`(${de('sandboxNote')} / ${en('sandboxNote')})`, ''] : []);

/** The link to the offer, sent by the dealer (or asked for by the customer from the offer's QR code). */
export function customerLinkMail(m: DueMail, from: string): OutgoingMail {
  const days = env.customerLinkTtlDays;
  const dealer = m.dealerName ?? '';
  const sent = (lang: 'de' | 'en') => ({ dealer, offerNumber: String(m.offerNumber), total: euros(m.totalPriceGross, lang) });
  return mail(m, from, `${de('customerLinkSubject', { dealer })} / ${en('customerLinkSubject', { dealer })} (${m.offerNumber})`, [
    de('hello', { name: m.userName }),
    '',
    de('customerLinkSent', sent('de')),
    de('customerLinkHow', { days }),
    '',
    m.link ?? '',
    '',
    de('customerLinkKeep'),
    '',
    ...testNote(m),
    '----',
    '',
    en('hello', { name: m.userName }),
    '',
    en('customerLinkSent', sent('en')),
    en('customerLinkHow', { days }),
    '',
    m.link ?? '',
    '',
    en('customerLinkKeep'),
    ...legalFooter(),
  ]);
}

/** What was decided, in one language, from the offer's new status and its status errors. */
function decisionOf(m: DueMail, lang: 'de' | 'en'): string {
  const t = mailTranslator(lang);
  const declined = m.statusErrors.find((e) => e.code === 'EMPLOYER_DECLINED' || e.code === 'OPERATOR_DECLINED');
  const reason = declined?.text ? t('decisionReason', { reason: declined.text[lang] }) : '';
  const dealer = m.dealerName ?? '';
  if (m.status === 'operator_decision_pending') return t('decisionEmployerApproved');
  if (m.status === 'done') return t('decisionOperatorApproved', { dealer });
  if (declined?.code === 'EMPLOYER_DECLINED') return t('decisionEmployerDeclined', { reason });
  return t('decisionOperatorDeclined', { reason, dealer });
}

/** The employer's or the operator's decision, told to the customer. */
export function customerDecisionMail(m: DueMail, from: string): OutgoingMail {
  const subject = (lang: 'de' | 'en') => mailTranslator(lang)('decisionSubject', { offerNumber: String(m.offerNumber), status: statusLabel(m.status ?? '', lang) });
  return mail(m, from, `${subject('de')} / ${subject('en')}`, [
    de('hello', { name: m.userName }),
    '',
    decisionOf(m, 'de'),
    '',
    ...testNote(m),
    '----',
    '',
    en('hello', { name: m.userName }),
    '',
    decisionOf(m, 'en'),
    ...legalFooter(),
  ]);
}

/** A new request told to a member of the employer's HR staff, in the language they chose. */
export function employerRequestMail(m: DueMail, from: string): OutgoingMail {
  const lang = m.lang === 'en' ? 'en' : 'de';
  const t = mailTranslator(lang);
  const url = m.link ?? `${env.publicUrl}/employer/requests/${m.offerId}`;
  const customer = m.customerName ?? '';
  const offerNumber = String(m.offerNumber);
  return mail(m, from, t('requestSubject', { customer, offerNumber }), [
    t('hello', { name: m.userName }),
    '',
    t('requestAsks', { customer, dealer: m.dealerName ?? '', offerNumber, total: euros(m.totalPriceGross, lang) }),
    t('requestWhere'),
    '',
    url,
    '',
    ...(sandbox(m) ? [`(${t('sandboxNote')})`, ''] : []),
    t('requestSettings'),
  ]);
}
