import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { PageLinks } from '@/components/console/page-links';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { PageHeader } from '@/components/ui/page-header';
import { consoleLang, consoleTranslator, formatDateTime, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage, type SearchParams } from '@/lib/console/http/page';
import { env } from '@/lib/env';
import { keptMailCount, keptMails } from '@/lib/notifications/mailer';

// The development mailbox: without SMTP_URL, notification mails are kept and shown here, newest
// first, a page at a time (`?page=`), found by recipient or offer number (`?q=`) — never a
// credential's link (a customer's link, an invitation, a password reset): staff read this page.

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('mailboxTitle') };
}

const one = (v: string | string[] | undefined) => (Array.isArray(v) ? v[0] : v);

export default async function MailboxPage({ searchParams }: { searchParams: SearchParams }) {
  const { lang, t } = await consolePage();
  const params = await searchParams;
  const q = (one(params.q) ?? '').trim().slice(0, 200);
  const wanted = Number(one(params.page));
  const total = env.smtpUrl ? 0 : await keptMailCount(q || undefined);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const page = Number.isSafeInteger(wanted) && wanted >= 1 ? Math.min(wanted, pages) : 1;
  const mails = env.smtpUrl ? [] : await keptMails(PAGE_SIZE, { offset: (page - 1) * PAGE_SIZE, search: q || undefined, hideLinks: t('mailLinkHidden') });
  const href = (p: number) => `/console/mailbox?${new URLSearchParams({ ...(q ? { q } : {}), ...(p > 1 ? { page: String(p) } : {}) }).toString()}`;
  return (
    <div className="space-y-section">
      <PageHeader title={t('mailboxTitle')} description={env.smtpUrl ? t('mailboxSent') : t('mailboxKept')} />
      {env.smtpUrl ? null : (
        <form action="/console/mailbox" className="flex flex-wrap items-end gap-2" role="search">
          <div className="min-w-0 flex-[1_1_16rem]">
            <Label htmlFor="mailbox-q">{t('mailboxSearch')}</Label>
            <Input id="mailbox-q" name="q" type="search" defaultValue={q} className="mt-1 h-control" />
          </div>
          <Button type="submit" variant="secondary">
            {t('mailboxSearchButton')}
          </Button>
        </form>
      )}
      {mails.length === 0 ? <EmptyState title={q ? t('mailboxNoMatch', { q }) : t('mailboxEmpty')} /> : null}
      {total > 0 ? (
        <p className="text-sm text-ink" data-testid="mailbox-count">
          {t('mailboxCount', { from: (page - 1) * PAGE_SIZE + 1, to: Math.min(total, page * PAGE_SIZE), total })}
        </p>
      ) : null}
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
      {pages > 1 ? (
        <PageLinks
          label={t('pagination')}
          status={t('pageOf', { page, pages })}
          previousHref={page > 1 ? href(page - 1) : undefined}
          nextHref={page < pages ? href(page + 1) : undefined}
          previousLabel={t('previousPage')}
          nextLabel={t('nextPage')}
        />
      ) : null}
    </div>
  );
}
