import 'server-only';
import nodemailer from 'nodemailer';
import { getDb } from '@/lib/database';
import { leaseDueMails, markMailFailed, markMailKept, markMailSent, type DueMail } from '@/db/repositories/notifications';
import { countKeptMails, listKeptMails } from '@/db/repositories/kept-mails';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { mailTranslator } from '@/lib/i18n/catalogue';
import { declinedStatusTexts, declineReasonLabel } from '@/lib/i18n/messages';
import { statusLabel, translator } from '@/lib/portal/i18n';
import { customerDecisionMail, customerLinkMail, employerRequestMail } from './order-mails';
import { ordersOf, type OrderView } from '@/db/repositories/purchase-orders';
import { PURCHASE_ORDER_MAIL_KINDS, purchaseOrderMail } from './purchase-order-mails';
import { handoverConfirmationAttachments, purchaseOrderAttachments, type MailAttachment } from '@/lib/documents/order-documents';

/** A dealer user's mail of an offer's `done`: the order received (the purchase order attached). */
const isOrderReceived = (m: DueMail) => m.kind === 'status' && m.status === 'done' && m.environment === 'production';

/** The orders the given mails of a purchase order's steps speak of, by offer id. */
async function ordersOfMails(mails: readonly DueMail[]): Promise<Map<string, OrderView>> {
  const ids = mails.filter((m) => m.offerId && ((PURCHASE_ORDER_MAIL_KINDS as readonly string[]).includes(m.kind) || isOrderReceived(m))).map((m) => m.offerId!);
  return ordersOf(getDb(), [...new Set(ids)]);
}

/**
 * The files a mail carries, drawn when it is sent (the outbox keeps no bytes): the employee's
 * handover confirmation, and the purchase order with a dealer user's "order received" mail.
 */
export async function mailAttachments(m: DueMail, order: OrderView | undefined): Promise<MailAttachment[]> {
  if (!order) return [];
  if (m.kind === 'handover_confirmation') return handoverConfirmationAttachments(order);
  if (isOrderReceived(m)) return purchaseOrderAttachments(order, m.lang === 'en' ? 'en' : 'de');
  return [];
}

// Sends the notification mails of the outbox (table notifications) over SMTP. A mail is leased
// before it is sent, so two senders never send the same one; a failure keeps it due with a growing
// pause (never dropped); without SMTP_URL mails are kept for the development mailbox instead.
// The Message-ID is the notification's, so a receiver can drop the copy of a mail resent after a
// crash between the server's acceptance and our note of it (the one window at-least-once leaves).

const LEASE_MS = 5 * 60_000;
const BATCH = 50;
const MAX_PAUSE_MS = 60 * 60_000;

/** `left`: the budget ended the run with a full batch just sent (more may be due: the next run sends them). */
export type MailSummary = { sent: number; kept: number; failed: number; left?: true };

/** The pause before attempt n + 1: 30 s, 1 min, 2 min … at most an hour. */
export const retryPauseMs = (attempts: number) => Math.min(MAX_PAUSE_MS, 30_000 * 2 ** Math.max(0, attempts - 1));

/** An invitation or a password-reset mail: the link, who sent it, how long it holds. */
function accountMailOf(m: DueMail, from: string) {
  const t = mailTranslator(m.lang === 'en' ? 'en' : 'de');
  const invite = m.kind === 'invite';
  // An employer's HR staff sign in at /employer, dealers in the portal.
  const owner = m.employerName ?? m.dealerName;
  const suffix = owner ? ` (${owner})` : '';
  const face = m.employerName ? 'Employer' : 'Dealer';
  const subject = invite ? `${t(`inviteSubject${face}`)}${suffix}` : t('resetSubject');
  const body = invite ? [t(`inviteCreated${face}`), t('inviteHow')] : [t('resetAsked'), t('resetHow')];
  const after = invite ? [] : [t('resetIgnore')];
  const text = [t('hello', { name: m.userName }), '', ...body, '', m.link ?? '', '', ...after].join('\n').trimEnd();
  return { from, to: m.mailTo, subject, text, messageId: `<notification-${m.id}@spoke>`, headers: {} as Record<string, string> };
}

/** A dealer user told that a webhook endpoint of the dealer was disabled after failing for days. */
function webhookDisabledMailOf(m: DueMail, from: string) {
  const lang = m.lang === 'en' ? 'en' : 'de';
  const t = translator(lang);
  const environment = m.environment === 'production' ? t('production') : t('sandbox');
  const text = [
    mailTranslator(lang)('hello', { name: m.userName }),
    '',
    t('webhookDisabledMailText', { url: m.webhookUrl ?? '', dealer: m.dealerName ?? '', environment, id: m.webhookId ?? '' }),
    '',
    `${env.publicUrl}/portal/webhooks`,
  ].join('\n');
  return { from, to: m.mailTo, subject: t('webhookDisabledMailSubject', { environment }), text, messageId: `<notification-${m.id}@spoke>`, headers: {} as Record<string, string> };
}

function mailOf(m: DueMail, from: string, orders: Map<string, OrderView> = new Map()) {
  const order = purchaseOrderMail(m, from, m.offerId ? orders.get(m.offerId) : undefined);
  if (order) return order;
  if (m.kind === 'webhook_disabled') return webhookDisabledMailOf(m, from);
  if (m.kind === 'customer_link') return customerLinkMail(m, from);
  if (m.kind === 'customer_decision') return customerDecisionMail(m, from);
  if (m.kind === 'employer_request') return employerRequestMail(m, from);
  if (m.kind !== 'status') return accountMailOf(m, from);
  const lang = m.lang === 'en' ? 'en' : 'de';
  const t = mailTranslator(lang);
  const status = statusLabel(m.status ?? '', lang);
  const url = `${env.publicUrl}/portal/offers/${m.offerId}`;
  const environment = m.environment === 'production' ? t('environmentProduction') : t('environmentSandbox');
  const subject = t('statusSubject', { offerNumber: String(m.offerNumber), status });
  // A decline by the employer or the operator is a decision with its reason and next steps, not errors to fix.
  const declined = m.status === 'rejected' ? m.statusErrors.find((e) => e.code === 'EMPLOYER_DECLINED' || e.code === 'OPERATOR_DECLINED') : undefined;
  const action = declined
    ? [declinedStatusTexts[declined.code as keyof typeof declinedStatusTexts][lang], ...(declined.text ? [`${declineReasonLabel[lang]}: ${declined.text[lang]}`] : [])].join('\n')
    : m.status === 'rejected'
      ? t('statusRejected')
      : t('statusNow', { status });
  const text = [
    t('hello', { name: m.userName }),
    '',
    t('statusOffer', { offerNumber: String(m.offerNumber), externalOfferId: String(m.externalOfferId), dealer: String(m.dealerName), environment }),
    action,
    '',
    url,
    '',
    t('statusSettings'),
  ].join('\n');
  return { from, to: m.mailTo, subject, text, messageId: `<notification-${m.id}@spoke>`, headers: { 'X-Spoke-Offer': m.offerNumber ?? '' } as Record<string, string> };
}

/**
 * One run over the due mails (the schedule's mail loop, the cron route and the CLI). With `signal`
 * aborted, no further mail is started; a leased one not sent is due again when its lease ends.
 */
export async function deliverMails(options: { smtpUrl?: string | null; from?: string; signal?: AbortSignal; budgetMs?: number } = {}): Promise<MailSummary> {
  const started = Date.now();
  const smtpUrl = options.smtpUrl === undefined ? env.smtpUrl : options.smtpUrl;
  const from = options.from ?? env.mailFrom;
  const db = getDb();
  const summary: MailSummary = { sent: 0, kept: 0, failed: 0 };
  const transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  try {
    while (!options.signal?.aborted) {
      const due = await leaseDueMails(db, BATCH, LEASE_MS);
      if (due.length === 0) break;
      const orders = await ordersOfMails(due);
      for (const m of due) {
        if (options.signal?.aborted) break;
        if (!transport) {
          await markMailKept(db, m.id);
          summary.kept++;
          continue;
        }
        try {
          const attachments = await mailAttachments(m, m.offerId ? orders.get(m.offerId) : undefined);
          await transport.sendMail({ ...mailOf(m, from, orders), ...(attachments.length > 0 ? { attachments } : {}) });
          await markMailSent(db, m.id);
          summary.sent++;
        } catch (err) {
          // No address or text of the mail in the log or the row: the error's code and reply code only.
          const e = err as { code?: string; responseCode?: number };
          const reason = [e.code, e.responseCode].filter(Boolean).join(' ') || 'send failed';
          await markMailFailed(db, m.id, retryPauseMs(m.attempts), reason);
          summary.failed++;
          logger.warn({ notificationId: m.id, reason }, 'notification mail not sent; retried later');
        }
      }
      if (due.length < BATCH || summary.failed > 0) break;
      // A batch is sent whole (its mails are leased); the budget is checked between batches.
      if (options.budgetMs !== undefined && Date.now() - started >= options.budgetMs) {
        summary.left = true;
        break;
      }
    }
  } finally {
    transport?.close();
  }
  return summary;
}

/** How many kept mails match `search` (the mailbox's paging). */
export const keptMailCount = (search?: string) => countKeptMails(getDb(), search);

export { mailOf as notificationMail };

/** The mails whose link is a credential of the recipient alone: the customer's link, an invitation, a password reset. */
const CREDENTIAL_KINDS: readonly string[] = ['customer_link', 'invite', 'reset', 'pickup_code'];

/**
 * The development mailbox: the kept mails as they would have been sent, newest first. With
 * `hideLinks` (the console's mailbox page: staff read it) every credential link is replaced by that
 * text. Without it, in production a password reset link is still not shown.
 */
export async function keptMails(limit = 100, options: { showResetLinks?: boolean; hideLinks?: string; offset?: number; search?: string } = {}) {
  const showResetLinks = options.showResetLinks ?? !env.production;
  const rows = await listKeptMails(getDb(), limit, { offset: options.offset, search: options.search });
  const orders = await ordersOfMails(rows);
  return rows.map((r) => {
    if (options.hideLinks !== undefined && CREDENTIAL_KINDS.includes(r.kind)) {
      return { id: r.id, keptAt: r.keptAt, ...mailOf({ ...r, link: options.hideLinks }, env.mailFrom, orders) };
    }
    const hidden = r.kind === 'reset' && !showResetLinks;
    const link = hidden ? mailTranslator(r.lang === 'en' ? 'en' : 'de')('linkHidden') : r.link;
    return { id: r.id, keptAt: r.keptAt, ...mailOf({ ...r, link }, env.mailFrom, orders) };
  });
}
