import type { Metadata } from 'next';
import Link from 'next/link';
import { getDb } from '@/db/client';
import { listApiClients } from '@/db/repositories/api-clients';
import { listDealerActions } from '@/db/repositories/dealers';
import { dealerEvaluation, findDealer, type DealerEvaluation } from '@/db/repositories/operator';
import { ActionLog } from '@/components/console/action-log';
import { ClientsPanel } from '@/components/console/dealer-forms';
import { StatusBadge } from '@/components/status-badge';
import { errorCodeLabel, formatDate, formatDateTime, type ConsoleTextKey, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';
import { consolePage } from '@/lib/console/page';
import { OFFER_STATUSES } from '@/lib/offers/lifecycle';
import { idParamSchema } from '@/lib/offers/schemas';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  const { id } = await params;
  const parsed = idParamSchema.safeParse(id);
  const dealer = parsed.success ? await findDealer(getDb(), parsed.data) : undefined;
  return { title: dealer?.name ?? id.slice(0, 8) };
}

function Figure({ label, value, testId }: { label: string; value: number | string; testId?: string }) {
  return (
    <div className="rounded-md bg-slate-50 px-3 py-2">
      <dt className="text-xs text-slate-700">{label}</dt>
      <dd className="text-xl font-bold tabular-nums text-slate-900" data-testid={testId}>
        {value}
      </dd>
    </div>
  );
}

function Evaluation({ e, lang, t, dealerId }: { e: DealerEvaluation; lang: Lang; t: ConsoleTranslate; dealerId: string }) {
  const checks: [ConsoleTextKey, boolean][] = [
    ['checkCreate', e.offersCreated > 0],
    ['checkFix', e.offersFixed > 0],
    ['checkUpdate', e.updates > 0],
    ['checkCancel', e.offersCanceled > 0],
  ];
  const env = e.environment;
  return (
    <div className="space-y-4" data-testid={`evaluation-${env}`}>
      <dl className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-5">
        <Figure label={t('evalCreated')} value={e.offersCreated} testId={`eval-${env}-created`} />
        <Figure label={t('evalProcessed')} value={e.processed} testId={`eval-${env}-processed`} />
        <Figure label={`${t('evalProcessed')}: ${t('evalAccepted')}`} value={e.accepted} testId={`eval-${env}-accepted`} />
        <Figure label={`${t('evalProcessed')}: ${t('evalRejected')}`} value={e.rejected} testId={`eval-${env}-rejected`} />
        <Figure label={t('evalFixed')} value={e.offersFixed} testId={`eval-${env}-fixed`} />
        <Figure label={t('evalOffersRejected')} value={e.offersRejected} />
        <Figure label={t('evalUpdated')} value={e.updates} testId={`eval-${env}-updates`} />
        <Figure label={t('evalOffersUpdated')} value={e.offersUpdated} />
        <Figure label={t('evalCanceled')} value={e.offersCanceled} testId={`eval-${env}-canceled`} />
        <Figure label={t('evalSteps')} value={e.lifecycleSteps} />
      </dl>
      <p className="text-sm text-slate-700">
        {e.firstActivityAt && e.lastActivityAt
          ? t('evalActivity', { first: formatDateTime(e.firstActivityAt.toISOString(), lang), last: formatDateTime(e.lastActivityAt.toISOString(), lang) })
          : t('evalNoActivity')}
      </p>
      <div className="grid gap-4 md:grid-cols-3">
        <div>
          <h4 className="text-sm font-semibold">{t('evalChecklist')}</h4>
          <ul className="mt-1 space-y-1 text-sm">
            {checks.map(([key, met]) => (
              <li key={key} className="flex items-center gap-2" data-met={met}>
                <span aria-hidden="true" className="w-4 text-center font-bold">
                  {met ? '✓' : '○'}
                </span>
                <span>
                  {t(key)} <span className="text-slate-700">({met ? t('checkMet') : t('checkNotMet')})</span>
                </span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold">{t('evalCodes')}</h4>
          {e.errorCodes.length === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t('evalNoCodes')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm" data-testid={`eval-${env}-codes`}>
              {e.errorCodes.map((c) => (
                <li key={c.code}>
                  <span className="font-medium">{errorCodeLabel(c.code, lang)}</span> <span className="font-mono text-xs text-slate-600">{c.code}</span> ·{' '}
                  <span className="tabular-nums">{c.count}</span>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div>
          <h4 className="text-sm font-semibold">{t('evalByStatus')}</h4>
          {e.offersCreated === 0 ? (
            <p className="mt-1 text-sm text-slate-700">{t('none')}</p>
          ) : (
            <ul className="mt-1 space-y-1 text-sm">
              {OFFER_STATUSES.filter((s) => e.byStatus[s]).map((s) => (
                <li key={s} className="flex items-center gap-2">
                  <StatusBadge status={s} lang={lang} /> <span className="tabular-nums">{e.byStatus[s]}</span>
                  {s === 'rejected' ? (
                    <Link href={`/console?dealer=${dealerId}&environment=${env}`} className="text-xs text-brand-700 underline">
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
  const db = getDb();
  const dealer = parsed.success ? await findDealer(db, parsed.data) : undefined;
  if (!dealer) {
    return (
      <div role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-900">
        <h1 className="text-lg font-semibold">{t('dealerNotFound')}</h1>
        <Link href="/console/dealers" className="mt-2 inline-block font-medium underline">
          {t('backToDealers')}
        </Link>
      </div>
    );
  }
  const [clients, sandbox, production, actions] = await Promise.all([
    listApiClients(db, dealer.id),
    dealerEvaluation(db, dealer.id, 'sandbox'),
    dealerEvaluation(db, dealer.id, 'production'),
    listDealerActions(db, dealer.id),
  ]);
  const steps: [ConsoleTextKey, boolean][] = [
    ['stepDealer', true],
    ['stepSandbox', clients.some((c) => c.environment === 'sandbox')],
    ['stepEvaluated', sandbox.processed > 0],
    ['stepProduction', !!dealer.productionEnabledAt],
  ];

  return (
    <div className="space-y-6">
      <div>
        <Link href="/console/dealers" className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← {t('backToDealers')}
        </Link>
        <h1 className="mt-1 text-2xl font-bold" data-testid="dealer-title">
          {dealer.name}
        </h1>
        <p className="text-sm text-slate-700" data-testid="dealer-environment">
          {dealer.productionEnabledAt ? t('productionSince', { date: formatDate(dealer.productionEnabledAt.toISOString(), lang) }) : t('sandboxOnly')}
        </p>
      </div>

      <section aria-labelledby="steps-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="steps-heading" className="text-lg font-semibold">
          {t('onboardingSteps')}
        </h2>
        <ol className="mt-2 flex flex-wrap gap-x-6 gap-y-2 text-sm" data-testid="onboarding-steps">
          {steps.map(([key, done], i) => (
            <li key={key} className="flex items-center gap-2" data-done={done}>
              <span
                aria-hidden="true"
                className={`flex size-6 items-center justify-center rounded-full text-xs font-bold ${done ? 'bg-brand-700 text-white' : 'border border-slate-400 text-slate-700'}`}
              >
                {done ? '✓' : i + 1}
              </span>
              <span>
                {t(key)} <span className="text-slate-700">({done ? t('stepDoneMark') : t('stepOpenMark')})</span>
              </span>
            </li>
          ))}
        </ol>
      </section>

      <section aria-labelledby="evaluation-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="evaluation-heading" className="text-lg font-semibold">
          {t('evaluationTitle')}
        </h2>
        <p className="mt-1 text-sm text-slate-700">{t('evaluationIntro', { environment: t('sandbox') })}</p>
        <div className="mt-3">
          <Evaluation e={sandbox} lang={lang} t={t} dealerId={dealer.id} />
        </div>
        {dealer.productionEnabledAt || production.offersCreated > 0 ? (
          <div className="mt-6 border-t border-slate-200 pt-4">
            <h3 className="text-base font-semibold">{t('productionFigures')}</h3>
            <div className="mt-2">
              <Evaluation e={production} lang={lang} t={t} dealerId={dealer.id} />
            </div>
          </div>
        ) : null}
      </section>

      <ClientsPanel
        dealerId={dealer.id}
        productionEnabled={!!dealer.productionEnabledAt}
        clients={clients.map((c) => ({
          clientId: c.clientId,
          name: c.name,
          environment: c.environment,
          scopes: c.scopes,
          createdAt: c.createdAt.toISOString(),
          disabledAt: c.disabledAt ? c.disabledAt.toISOString() : null,
        }))}
      />

      <section aria-labelledby="log-heading" className="rounded-lg border border-slate-200 bg-white p-4">
        <h2 id="log-heading" className="text-lg font-semibold">
          {t('logTitle')}
        </h2>
        <ActionLog actions={actions} lang={lang} t={t} />
      </section>
    </div>
  );
}
