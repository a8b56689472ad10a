import type { Metadata } from 'next';
import Link from 'next/link';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardHeader } from '@/components/ui/card';
import { EmptyState } from '@/components/ui/empty-state';
import { PageHeader } from '@/components/ui/page-header';
import { currentLang, requirePortalContext } from '@/lib/portal/http/server';
import { formatCount, formatDateTime, statusLabel, translator, type Lang, type Translate } from '@/lib/portal/i18n';
import { DRAFT_AGEING_DAYS, FIRST_VISIT_DAYS, loadDashboard, type DashboardOffer } from '@/lib/portal/use-cases/dashboard';
import { serverWords } from '@/lib/i18n/catalogue';

// The portal's home page (docs/portal.md, "Home"): server-rendered, of the session's dealer in the
// environment chosen in the portal. Every count opens the offer list (/portal) filtered by the
// list's own URL parameters.

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('homeTitle') };
}

const listHref = (params: Record<string, string>) => `/portal?${new URLSearchParams(params).toString()}`;

function OfferRows({ rows, lang, t, testId }: { rows: DashboardOffer[]; lang: Lang; t: Translate; testId: string }) {
  return (
    <ul className="divide-y divide-line" data-testid={testId}>
      {rows.map((o) => (
        <li key={o.id} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
          <div className="min-w-0">
            <Link href={`/portal/offers/${o.id}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
              {o.offerNumber}
            </Link>
            <span className="break-words text-sm text-ink-muted"> · {o.customerName}</span>
          </div>
          <div className="flex flex-wrap items-center gap-2 text-xs text-ink-muted">
            <StatusBadge status={o.status} words={serverWords(lang)} />
            <span>{t('homeChangedAt', { date: formatDateTime(o.statusChangedAt.toISOString(), lang) })}</span>
          </div>
        </li>
      ))}
    </ul>
  );
}

export default async function HomePage() {
  const ctx = await requirePortalContext();
  const { lang } = ctx;
  const t = translator(lang);
  const d = await loadDashboard({ dealerId: ctx.dealerId, environment: ctx.environment }, ctx.previousVisitAt);
  const { needsAction: na, changes } = d;
  const nothingToDo = na.rejected.length === 0 && na.agedDrafts.length === 0;

  return (
    <div className="flex flex-col gap-section">
      <PageHeader title={t('homeTitle')} description={t('homeIntro')} />

      <Card aria-labelledby="home-counts">
        <CardHeader id="home-counts" title={t('homeCountsTitle')} description={t('homeCountsTotal', { count: d.total })} />
        <ul className="grid grid-cols-2 gap-2 sm:grid-cols-4" data-testid="home-counts">
          {d.counts.map((c) => (
            <li key={c.status} className="min-w-0">
              <Link
                href={listHref({ status: c.status })}
                data-status={c.status}
                aria-label={t('homeCountLink', { status: statusLabel(c.status, lang), count: c.count })}
                className="flex h-full flex-col gap-1 rounded-card border border-line p-3 hover:border-brand-500 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-500"
              >
                <span className="text-2xl font-bold tabular-nums text-ink" data-testid="count-value">
                  {formatCount(c.count, lang)}
                </span>
                <span className="break-words text-sm text-ink-muted">{statusLabel(c.status, lang)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </Card>

      <Card aria-labelledby="home-needs-action" data-testid="home-needs-action">
        <CardHeader id="home-needs-action" title={t('homeNeedsActionTitle')} />
        {nothingToDo ? (
          <EmptyState title={t('homeNothingToDo')} />
        ) : (
          <div className="flex flex-col gap-4">
            {na.rejected.length > 0 ? (
              <section aria-labelledby="home-rejected">
                <CardHeader
                  level={3}
                  id="home-rejected"
                  title={t('homeRejectedTitle')}
                  actions={<Link className="text-sm text-brand-700 underline" href={listHref({ status: 'rejected', sortBy: 'createdAt', order: 'asc' })}>{t('homeShowAll', { count: na.rejectedTotal })}</Link>}
                />
                <OfferRows rows={na.rejected} lang={lang} t={t} testId="home-rejected-list" />
              </section>
            ) : null}
            {na.agedDrafts.length > 0 ? (
              <section aria-labelledby="home-aged-drafts">
                <CardHeader
                  level={3}
                  id="home-aged-drafts"
                  title={t('homeAgedDraftsTitle', { days: DRAFT_AGEING_DAYS })}
                  description={t('homeAgedDraftsHint')}
                  actions={
                    <Link className="text-sm text-brand-700 underline" href={listHref({ status: 'draft', statusChangedDateTo: na.draftOlderThan.toISOString() })}>
                      {t('homeShowAll', { count: na.agedDraftTotal })}
                    </Link>
                  }
                />
                <OfferRows rows={na.agedDrafts} lang={lang} t={t} testId="home-aged-drafts-list" />
              </section>
            ) : null}
          </div>
        )}
      </Card>

      <Card aria-labelledby="home-changes" data-testid="home-changes">
        <CardHeader
          id="home-changes"
          title={t('homeChangesTitle')}
          description={changes.firstVisit ? t('homeChangesFirstVisit', { days: FIRST_VISIT_DAYS }) : t('homeChangesSince', { date: formatDateTime(changes.since.toISOString(), lang) })}
          actions={
            changes.total > 0 ? (
              <Link className="text-sm text-brand-700 underline" href={listHref({ statusChangedDateFrom: changes.since.toISOString(), sortBy: 'createdAt' })}>
                {t('homeShowAll', { count: changes.total })}
              </Link>
            ) : null
          }
        />
        {changes.rows.length === 0 ? <EmptyState title={t('homeNoChanges')} /> : <OfferRows rows={changes.rows} lang={lang} t={t} testId="home-changes-list" />}
      </Card>
    </div>
  );
}
