import type { Metadata } from 'next';
import Link from 'next/link';
import { MarkAllReadButton, NotificationLink, NotificationPaging } from '@/components/portal/notification-list';
import { StatusBadge } from '@/components/status-badge';
import { Badge } from '@/components/ui/badge';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { currentLang, requirePortalContext } from '@/lib/portal/http/server';
import { formatDateTime, translator } from '@/lib/portal/i18n';
import { NOTIFICATIONS_PAGE_SIZE } from '@/lib/portal/notifications';
import { notificationsPage } from '@/lib/portal/use-cases/notifications';
import { serverWords } from '@/lib/i18n/catalogue';

// The signed-in user's notifications (docs/notifications.md, "In the portal"): server-rendered,
// the user's own status notifications of the dealer's offers in the environment chosen in the
// portal (and the dealer's webhook endpoints disabled there), newest first, paged with `?page=`.
// Opening one marks it read and opens the offer (or the webhooks).

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('notificationsTitle') };
}

function pageParam(value: string | string[] | undefined): number {
  const n = Number(Array.isArray(value) ? value[0] : value);
  return Number.isSafeInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

export default async function NotificationsPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const ctx = await requirePortalContext();
  const { lang } = ctx;
  const t = translator(lang);
  const page = pageParam((await searchParams).page);
  const list = await notificationsPage({ userId: ctx.user.id, dealerId: ctx.dealerId, environment: ctx.environment }, page, NOTIFICATIONS_PAGE_SIZE);
  const from = list.total === 0 ? 0 : (list.page - 1) * list.pageSize + 1;
  const to = Math.min(list.total, list.page * list.pageSize);

  return (
    <div className="flex flex-col">
      <PageHeader
        title={t('notificationsTitle')}
        description={t('notificationsIntro')}
        meta={
          <>
            <Badge tone={list.unread > 0 ? 'brand' : 'neutral'} data-testid="notifications-unread-count" data-unread={list.unread}>
              {t('notificationsUnread', { count: list.unread })}
            </Badge>
            <Badge tone={ctx.environment === 'production' ? 'success' : 'waiting'}>
              {t('environmentLabel')}: {t(ctx.environment)}
            </Badge>
            <Link href="/portal/account#notification-settings" className="text-sm text-brand-700 underline">
              {t('notificationsSettingsLink')}
            </Link>
          </>
        }
        actions={<MarkAllReadButton disabled={list.unread === 0} />}
      />

      {list.total === 0 ? (
        <EmptyState title={t('notificationsEmpty')}>{t('notificationsEmptyHint')}</EmptyState>
      ) : (
        <section aria-labelledby="notifications-list-title" className="rounded-card border border-line bg-surface shadow-sm">
          <h2 id="notifications-list-title" className="sr-only">
            {t('notificationsTitle')}
          </h2>
          <ul className="divide-y divide-line" data-testid="notifications-list">
            {list.rows.map((n) => {
              const unread = n.readAt === null;
              return (
                <li
                  key={n.id}
                  data-testid="notification"
                  data-notification-id={n.id}
                  data-offer-number={n.offerNumber ?? undefined}
                  data-read={unread ? 'false' : 'true'}
                  className={unread ? 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 bg-brand-50/60 px-4 py-3' : 'flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-3'}
                >
                  <div className="min-w-0">
                    {n.kind === 'webhook_disabled' ? (
                      <p className="break-words" data-testid="notification-webhook-disabled">
                        <NotificationLink id={n.id} href="/portal/webhooks" unread={unread} className={unread ? 'font-bold text-brand-700 underline-offset-2 hover:underline' : 'font-semibold text-brand-700 underline-offset-2 hover:underline'}>
                          {t('notificationWebhookDisabled')}
                        </NotificationLink>
                        <span className="text-sm text-ink-muted"> · {t('notificationWebhookDisabledText', { url: n.webhookUrl ?? '' })}</span>
                      </p>
                    ) : (
                      <p className="break-words">
                        <NotificationLink id={n.id} href={`/portal/offers/${n.offerId}`} unread={unread} className={unread ? 'font-bold text-brand-700 underline-offset-2 hover:underline' : 'font-semibold text-brand-700 underline-offset-2 hover:underline'}>
                          {n.offerNumber}
                        </NotificationLink>
                        <span className="text-sm text-ink-muted"> · {n.customerName}</span>
                      </p>
                    )}
                  </div>
                  <div className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
                    {n.status ? <StatusBadge status={n.status} words={serverWords(lang)} /> : null}
                    <time dateTime={n.createdAt.toISOString()}>{formatDateTime(n.createdAt.toISOString(), lang)}</time>
                    <Badge tone={unread ? 'brand' : 'neutral'} data-testid="notification-state">
                      {unread ? t('notificationUnread') : t('notificationRead')}
                    </Badge>
                  </div>
                </li>
              );
            })}
          </ul>
          <NotificationPaging page={list.page} pages={list.pages} status={`${t('notificationsResult', { from, to, total: list.total })} · ${t('pageOf', { page: list.page, pages: list.pages })}`} />
        </section>
      )}
    </div>
  );
}
