import type { Metadata } from 'next';
import Link from 'next/link';
import { cookies } from 'next/headers';
import { ActionLog } from '@/components/console/action-log';
import { BackLink } from '@/components/console/back-link';
import { ClientsPanel } from '@/components/console/dealer-forms';
import { ProductionChecklistCard } from '@/components/console/production-checklist';
import { StaffPanel } from '@/components/console/staff-panel';
import { staffOf } from '@/lib/auth/accounts';
import { StatusBadge } from '@/components/status-badge';
import { Card, CardHeader } from '@/components/ui/card';
import { cn } from '@/components/ui/cn';
import { PageHeader } from '@/components/ui/page-header';
import { StatusPage } from '@/components/ui/status-page';
import { consoleLang, consoleTranslator, errorCodeLabel, formatCount, formatDate, formatDateTime, LANG_COOKIE, type ConsoleTextKey, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';
import { dealerDetail, dealerName, type DealerEvaluation } from '@/lib/console/use-cases/dealers';
import { operatorOrNull } from '@/lib/console/http/auth';
import { consolePage } from '@/lib/console/http/page';
import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';
import { idParamSchema } from '@/lib/shared/id-schema';
import { serverWords } from '@/lib/i18n/catalogue';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  // Nothing of a record before the operator check: a stranger gets the console's title for any id.
  if (!(await operatorOrNull())) return {};
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const name = parsed.success ? await dealerName(parsed.data) : undefined;
  return { title: name ?? consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('dealerNotFound') };
}

function Figure({ label, value, lang, testId }: { label: string; value: number; lang: Lang; testId?: string }) {
  return (
    <div className="min-w-0 rounded-control bg-canvas px-3 py-2">
      <dt className="break-words text-xs text-ink-muted">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-ink" data-testid={testId}>
        {formatCount(value, lang)}
      </dd>
    </div>
  );
}

function Evaluation({ e, lang, t, dealerId }: { e: DealerEvaluation; lang: Lang; t: ConsoleTranslate; dealerId: string }) {
  const env = e.environment;
  return (
    <div className="space-y-4" data-testid={`evaluation-${env}`}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label={t('evalCreated')} value={e.offersCreated} lang={lang} testId={`eval-${env}-created`} />
        <Figure label={t('evalProcessed')} value={e.processed} lang={lang} testId={`eval-${env}-processed`} />
        <Figure label={`${t('evalProcessed')}: ${t('evalAccepted')}`} value={e.accepted} lang={lang} testId={`eval-${env}-accepted`} />
        <Figure label={`${t('evalProcessed')}: ${t('evalRejected')}`} value={e.rejected} lang={lang} testId={`eval-${env}-rejected`} />
        <Figure label={t('evalFixed')} value={e.offersFixed} lang={lang} testId={`eval-${env}-fixed`} />
        <Figure label={t('evalOffersRejected')} value={e.offersRejected} lang={lang} />
        <Figure label={t('evalUpdated')} value={e.updates} lang={lang} testId={`eval-${env}-updates`} />
        <Figure label={t('evalOffersUpdated')} value={e.offersUpdated} lang={lang} />
        <Figure label={t('evalCanceled')} value={e.offersCanceled} lang={lang} testId={`eval-${env}-canceled`} />
        <Figure label={t('evalSteps')} value={e.lifecycleSteps} lang={lang} />
      </dl>
      <p className="text-sm text-ink-muted">
        {e.firstActivityAt && e.lastActivityAt
          ? t('evalActivity', { first: formatDateTime(e.firstActivityAt.toISOString(), lang), last: formatDateTime(e.lastActivityAt.toISOString(), lang) })
          : t('evalNoActivity')}
      </p>
      <div className="grid gap-4 md:grid-cols-2">
        <div>
          <h4 className="text-sm font-semibold text-ink">{t('evalCodes')}</h4>
          {e.errorCodes.length === 0 ? (
            <p className="mt-1 text-sm text-ink-muted">{t('evalNoCodes')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm" data-testid={`eval-${env}-codes`}>
              {e.errorCodes.map((c) => (
                <li key={c.code}>
                  <span className="font-medium" data-code={c.code}>
                    {errorCodeLabel(c.code, lang)}
                  </span>{' '}
                  ·{' '}
                  <span className="tabular-nums">{formatCount(c.count, lang)}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h4 className="text-sm font-semibold text-ink">{t('evalByStatus')}</h4>
          {e.offersCreated === 0 ? (
            <p className="mt-1 text-sm text-ink-muted">{t('none')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {OFFER_STATUSES.filter((s) => e.byStatus[s]).map((s) => (
                <li key={s} className="flex items-center gap-2">
                  <StatusBadge status={s} words={serverWords(lang)} /> <span className="tabular-nums">{e.byStatus[s]}</span>
                  {s === 'rejected' ? (
                    <Link href={`/console/rejected?dealer=${dealerId}&environment=${env}`} className="rounded-control text-xs text-brand-700 underline focus-visible:focus-ring">
                      {t('navQueue')}
                    </Link>
                  ) : null}
                </li>
              ))}
            </ul>
          )}
        </div>
      </div>
    </div>
  );
}

export default async function DealerPage({ params }: { params: Promise<{ id: string }> }) {
  const { lang, t } = await consolePage();
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const detail = parsed.success ? await dealerDetail(parsed.data) : null;
  if (!detail) {
    return <StatusPage brand={`${t('appName')} · ${t('console')}`} title={t('dealerNotFound')} text={t('notFoundText')} backHref="/console/dealers" backLabel={t('backToDealers')} />;
  }
  const { dealer, clients, sandbox, production, actions, checklist } = detail;
  const staff = await staffOf({ dealerId: dealer.id });
  const steps: [ConsoleTextKey, boolean][] = [
    ['stepDealer', true],
    ['stepSandbox', clients.some((c) => c.environment === 'sandbox')],
    // Once production is enabled (with the evidence or by override) the road is done.
    ['stepEvaluated', checklist.allMet || !!dealer.productionEnabledAt],
    ['stepProduction', !!dealer.productionEnabledAt],
  ];

  return (
    <div className="space-y-section">
      <PageHeader
        back={<BackLink href="/console/dealers">{t('backToDealers')}</BackLink>}
        title={<span data-testid="dealer-title">{dealer.name}</span>}
        description={
          <span data-testid="dealer-environment">
            {dealer.productionEnabledAt ? t('productionSince', { date: formatDate(dealer.productionEnabledAt.toISOString(), lang) }) : t('sandboxOnly')}
          </span>
        }
      />

      <Card aria-labelledby="steps-heading">
        <CardHeader id="steps-heading" title={t('onboardingSteps')} />
        <ol className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-ink" data-testid="onboarding-steps">
          {steps.map(([key, done], i) => (
            <li key={key} className="flex items-center gap-2" data-done={done}>
              <span
                aria-hidden="true"
                className={cn('flex size-6 shrink-0 items-center justify-center rounded-pill text-xs font-bold', done ? 'bg-brand-700 text-white' : 'border border-line-strong text-ink-muted')}
              >
                {done ? '✓' : i + 1}
              </span>
              <span>
                {t(key)} <span className="text-ink-muted">({done ? t('stepDoneMark') : t('stepOpenMark')})</span>
              </span>
            </li>
          ))}
        </ol>
      </Card>

      <Card aria-labelledby="evaluation-heading">
        <CardHeader id="evaluation-heading" title={t('evaluationTitle')} description={t('evaluationIntro', { environment: t('sandbox') })} />
        <Evaluation e={sandbox} lang={lang} t={t} dealerId={dealer.id} />
        {dealer.productionEnabledAt || production.offersCreated > 0 ? (
          <div className="mt-6 border-t border-line pt-4">
            <h3 className="text-base font-semibold text-ink">{t('productionFigures')}</h3>
            <div className="mt-2">
              <Evaluation e={production} lang={lang} t={t} dealerId={dealer.id} />
            </div>
          </div>
        ) : null}
      </Card>

      <ProductionChecklistCard checklist={checklist} productionEnabled={!!dealer.productionEnabledAt} />

      <ClientsPanel
        dealerId={dealer.id}
        productionEnabled={!!dealer.productionEnabledAt}
        checklistMet={checklist.allMet}
        clients={clients.map((c) => ({
          clientId: c.clientId,
          name: c.name,
          environment: c.environment,
          scopes: c.scopes,
          createdAt: c.createdAt.toISOString(),
          disabledAt: c.disabledAt ? c.disabledAt.toISOString() : null,
        }))}
      />

      <StaffPanel
        dealerId={dealer.id}
        users={staff.map((u) => ({
          ...u,
          createdAt: u.createdAt.toISOString(),
          disabledAt: u.disabledAt ? u.disabledAt.toISOString() : null,
          lastSeenAt: u.lastSeenAt ? u.lastSeenAt.toISOString() : null,
        }))}
      />

      <Card aria-labelledby="log-heading">
        <CardHeader id="log-heading" title={t('logTitle')} />
        <ActionLog actions={actions} lang={lang} t={t} />
      </Card>
    </div>
  );
}
