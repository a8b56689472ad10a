import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { consoleLang, consoleTranslator, formatDateTime, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage } from '@/lib/console/http/page';
import { env } from '@/lib/env';
import { keptMails } from '@/lib/notifications/mailer';

// The development mailbox: without SMTP_URL, notification mails are kept and shown here — never a
// credential's link (a customer's link, an invitation, a password reset): staff read this page.

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('mailboxTitle') };
}

export default async function MailboxPage() {
  const { lang, t } = await consolePage();
  const mails = env.smtpUrl ? [] : await keptMails(100, { hideLinks: t('mailLinkHidden') });
  return (
    <div className="space-y-section">
      <PageHeader title={t('mailboxTitle')} description={env.smtpUrl ? t('mailboxSent') : t('mailboxKept')} />
      {mails.length === 0 ? <EmptyState title={t('mailboxEmpty')} /> : null}
      <ul className="space-y-3" data-testid="mailbox">
        {mails.map((m) => (
          <li key={m.id}>
            <Card className="text-sm text-ink">
              <p className="break-words font-semibold">{m.subject}</p>
              <p className="break-words text-ink-muted">
                {t('mailTo', { to: m.to })} · {t('mailKeptAt', { date: formatDateTime(m.keptAt.toISOString(), lang) })}
              </p>
              <pre className="mt-2 whitespace-pre-wrap break-words font-sans">{m.text}</pre>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
