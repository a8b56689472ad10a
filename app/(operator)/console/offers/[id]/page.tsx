import type { Metadata } from 'next';
import Link from 'next/link';
import { cookies } from 'next/headers';
import { ClaimPanel } from '@/components/console/claim-panel';
import { ConsoleOrderPanel } from '@/components/console/order-panel';
import { OfferActions, type AllowedAction } from '@/components/console/offer-actions';
import { HistoryChanges } from '@/components/history-changes';
import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import { OfferItemsTable } from '@/components/offer-items-table';
import { StatusBadge } from '@/components/status-badge';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { idParamSchema } from '@/lib/shared/id-schema';
import { canApply, FINAL_STATUSES, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import {
  actionLabel,
  actorName,
  actorTypeLabel,
  cancelReasonLabel,
  consoleLang,
  consoleTranslator,
  fieldLabel,
  formatDate,
  formatDateTime,
  LANG_COOKIE,
  statusLabel,
  type ConsoleTranslate,
  type Lang,
} from '@/lib/console/i18n';
import { codeLabel, entryText, serverWords } from '@/lib/i18n/catalogue';
import { CLAIM_TTL_SECONDS, offerClaim } from '@/lib/console/use-cases/claims';
import { offerNumberOf, offerReview } from '@/lib/console/use-cases/offers';
import { DECISION_QUEUES, isWorkQueue, nextInQueue, workHref } from '@/lib/console/use-cases/work-queues';
import type { SearchParams } from '@/lib/console/http/page';
import { isDeclined, operatorStatusLabel } from '@/lib/console/work-texts';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import { operatorOrNull } from '@/lib/console/http/auth';
import { consolePage } from '@/lib/console/http/page';
import { STEP_ACTIONS } from '@/lib/console/schemas';
import { Notice, noticeVariants } from '@/components/ui/notice';

export async function generateMetadata({ params }: { params: Promise<{ id: string }> }): Promise<Metadata> {
  // Nothing of a record before the operator check: a stranger gets the console's title for any id.
  if (!(await operatorOrNull())) return {};
  const { id } = await params;
  const t = consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value));
  const parsed = idParamSchema.safeParse(id);
  const number = parsed.success ? await offerNumberOf(parsed.data) : undefined;
  return { title: number ? t('reviewTitle', { number }) : t('offerNotFound') };
}

type Text = { de: string; en: string };
type Entry = { code: string; message: string; translations: Text; field?: string };

function allowedActions(status: OfferStatus): AllowedAction[] {
  const out: AllowedAction[] = STEP_ACTIONS.filter((a) => canApply(status, a));
  if (canApply(status, 'cancel')) out.push('cancel');
  if (canApply(status, 'resubmit')) out.push('reprocess');
  return out;
}

/** The way back from an offer: to the queue it waits in, else to all offers. */
const BACK: Partial<Record<OfferStatus, { href: string; text: ConsoleTextKey }>> = {
  rejected: { href: '/console/rejected', text: 'backToQueue' },
  operator_decision_pending: { href: '/console/queues/decision', text: 'backToDecision' },
  employer_decision_pending: { href: '/console/queues/employer', text: 'backToEmployer' },
};

function EntryList({ entries, kind, lang, t }: { entries: Entry[]; kind: 'error' | 'info'; lang: Lang; t: ConsoleTranslate }) {
  return (
    <ul className="mt-1 space-y-2">
      {entries.map((e, i) => (
        <li key={i} className={noticeVariants({ tone: kind === 'error' ? 'danger' : 'neutral' })} data-code={e.code}>
          <p className="font-semibold">
            {/* Words, not codes: the check's name (or, for a note without one, its text) and the field's name. */}
            {codeLabel(lang, 'errorCode', e.code, e.translations[lang] ?? e.message)}
            {e.field ? (
              <span className="font-normal">
                {' '}
                · {t('field')}: {fieldLabel(e.field, lang)}
              </span>
            ) : null}
          </p>
          <dl className="mt-1 grid grid-cols-[auto_1fr] gap-x-2 gap-y-0.5">
            <dt className="text-xs leading-5 text-ink-muted">{t('german')}</dt>
            <dd lang="de">{entryText(e, 'de')}</dd>
            <dt className="text-xs leading-5 text-ink-muted">{t('english')}</dt>
            <dd lang="en">{entryText(e, 'en')}</dd>
          </dl>
        </li>
      ))}
    </ul>
  );
}

/** The decision queue the offer was opened from (`?queue=`), if any: a decision there goes on to its next offer. */
function fromQueue(value: string | string[] | undefined) {
  return typeof value === 'string' && isWorkQueue(value) && DECISION_QUEUES.includes(value) ? value : undefined;
}

export default async function OfferReviewPage({ params, searchParams }: { params: Promise<{ id: string }>; searchParams: SearchParams }) {
  const { lang, t, operator } = await consolePage();
  const { id } = await params;
  const queue = fromQueue((await searchParams).queue);
  const parsed = idParamSchema.safeParse(id);
  const [review, catalogue, claim] = await Promise.all([
    parsed.success ? offerReview(parsed.data, lang) : null,
    loadCatalogue(),
    parsed.success ? offerClaim(parsed.data) : undefined,
  ]);
  if (!review) {
    return (
      <Notice role="alert" size="card">
        <h1 className="text-lg font-semibold">{t('offerNotFound')}</h1>
        <Link href="/console/queues/search" className="mt-2 inline-block font-medium underline">
          {t('backToAll')}
        </Link>
      </Notice>
    );
  }
  const { offer, owner, history } = review;
  const status = offer.status.current.code as OfferStatus;
  const nextId = queue ? await nextInQueue(queue, offer.id, operator.id) : null;
  const next = queue ? { queueHref: workHref(queue, {}), nextHref: nextId ? `/console/offers/${nextId}?queue=${queue}` : null } : undefined;
  const p = offer.product;
  const categoryName = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : null;
  };
  const row = (labelText: string, value: string | undefined) => (
    <div>
      <dt className="text-ink-muted">{labelText}</dt>
      <dd className="font-medium">{value || t('none')}</dd>
    </div>
  );

  return (
    <article className="space-y-6">
      <div>
        <Link href={BACK[status]?.href ?? '/console/queues/search'} className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline">
          ← {t(BACK[status]?.text ?? 'backToAll')}
        </Link>
        <h1 className="mt-1 text-2xl font-bold">{t('reviewTitle', { number: offer.offerNumber })}</h1>
        <p className="text-sm text-ink-muted">
          <Link href={`/console/dealers/${owner.dealerId}`} className="font-semibold text-brand-700 underline-offset-2 hover:underline">
            {owner.dealerName}
          </Link>{' '}
          · {owner.environment === 'production' ? t('production') : t('sandbox')} · {offer.customerName} ·{' '}
          {[p.brandName, p.modelName].filter(Boolean).join(' ') || t('none')}
        </p>
      </div>

      <div className="grid grid-cols-[minmax(0,1fr)] gap-6 lg:grid-cols-[minmax(0,1fr)_24rem]">
        <div className="space-y-6">
          <section aria-labelledby="status-heading" className="rounded-card border border-line bg-surface p-4">
            <h2 id="status-heading" className="text-lg font-semibold">
              {t('statusPanel')}
            </h2>
            <div className="mt-2" data-testid="status-current">
              <StatusBadge status={status} words={serverWords(lang)} perspective={operatorStatusLabel(status, lang, offer.status.errors)} perspectiveTestId="operator-status" />
            </div>
            <p className="mt-1 text-sm text-ink" data-testid="operator-hint">
              {isDeclined(status, offer.status.errors) ? t('opHint_declined') : t(`opHint_${status}` as ConsoleTextKey)}
            </p>
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-ink">{t('statusErrors')}</h3>
              {offer.status.errors.length === 0 ? (
                <p className="mt-1 text-sm text-ink-muted">{t('noErrors')}</p>
              ) : (
                <div data-testid="status-errors">
                  <EntryList entries={offer.status.errors} kind="error" lang={lang} t={t} />
                </div>
              )}
            </div>
            {offer.status.infos.length > 0 ? (
              <div className="mt-4" data-testid="status-infos">
                <h3 className="text-sm font-semibold text-ink">{t('statusInfos')}</h3>
                <EntryList entries={offer.status.infos} kind="info" lang={lang} t={t} />
              </div>
            ) : null}
            <div className="mt-4">
              <h3 className="text-sm font-semibold text-ink">{t('nextSteps')}</h3>
              {offer.status.nextSteps.length === 0 ? (
                <p className="mt-1 text-sm text-ink-muted">{t('noNextSteps')}</p>
              ) : (
                <ul className="mt-1 flex flex-wrap gap-2 text-sm">
                  {offer.status.nextSteps.map((s) => (
                    <li key={s.code}>→ {statusLabel(s.code, lang)}</li>
                  ))}
                </ul>
              )}
            </div>
          </section>

          <ClaimPanel
            offerId={offer.id}
            closed={FINAL_STATUSES.includes(status) ? statusLabel(status, lang) : undefined}
            ttlMinutes={CLAIM_TTL_SECONDS / 60}
            claim={claim ? { operatorName: claim.operatorName, claimedAt: claim.claimedAt.toISOString(), mine: claim.operatorId === operator.id } : null}
          />

          <OfferActions offerId={offer.id} offerNumber={offer.offerNumber} allowed={allowedActions(status)} next={next} />

          <section aria-labelledby="data-heading" className="rounded-card border border-line bg-surface p-4">
            <h2 id="data-heading" className="text-lg font-semibold">
              {t('offerData')}
            </h2>
            <dl className="mt-3 grid gap-3 text-sm sm:grid-cols-3">
              {row(t('externalId'), offer.externalOfferId)}
              {row(t('customerName'), offer.customerName)}
              {row(t('customerEmail'), offer.customerEmail)}
              {row(t('created'), formatDateTime(offer.createdAt, lang))}
              {row(t('updated'), formatDateTime(offer.updatedAt, lang))}
              {row(t('statusChanged'), formatDateTime(offer.statusChangedAt, lang))}
              {row(t('deliveryDate'), offer.deliveryDate ? formatDate(offer.deliveryDate, lang) : undefined)}
              {offer.cancelReason ? row(t('cancelReason'), cancelReasonLabel(offer.cancelReason, lang)) : null}
              {offer.cancelNote ? row(t('cancelNote'), offer.cancelNote) : null}
              {status === 'canceled' ? row(t('contactRequested'), offer.contactFromEmployeeRequested ? t('yes') : t('no')) : null}
            </dl>
            {offer.notes ? (
              <div className="mt-3 text-sm">
                <p className="text-ink-muted">{t('notes')}</p>
                <p className="whitespace-pre-wrap">{offer.notes}</p>
              </div>
            ) : null}
            <OfferItemsTable
              offer={offer}
              lang={lang}
              withModelYear
              text={{
                caption: t('positions'),
                category: t('category'),
                product: t('brandModel'),
                price: t('price'),
                listPrice: t('listPrice'),
                bicycle: t('bicycle'),
                accessoryN: (n) => t('accessoryN', { n }),
                shipping: t('shipping'),
                installation: t('installation'),
                total: t('total'),
                none: t('none'),
              }}
              category={(code) => (
                <>
                  <span title={code}>{categoryName(code) ?? code}</span>
                </>
              )}
            />
          </section>

          {offer.leaseTerms ? (
            <section aria-labelledby="lease-heading" className="rounded-card border border-line bg-surface p-4" data-testid="offer-lease">
              <h2 id="lease-heading" className="mb-2 text-lg font-semibold">
                {t('leaseTitle')}
              </h2>
              <LeaseTermsSummary terms={offer.leaseTerms} audience="dealer" lang={lang} t={t} />
            </section>
          ) : null}
          <ConsoleOrderPanel offerId={offer.id} />
        </div>

        <section aria-labelledby="history-heading" className="rounded-card border border-line bg-surface p-4">
          <h2 id="history-heading" className="text-lg font-semibold">
            {t('history')}
          </h2>
          {history.length === 0 ? (
            <p className="mt-2 text-sm text-ink-muted">{t('historyEmpty')}</p>
          ) : (
            <ol className="mt-3 space-y-4 border-l-2 border-line pl-4" data-testid="history">
              {history.map((h) => (
                <li key={h.id} className="relative" data-action={h.action}>
                  <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 size-3 rounded-pill border-2 border-surface bg-brand-600" />
                  <p className="text-sm font-semibold text-ink">{actionLabel(h.action, lang)}</p>
                  <p className="text-xs text-ink-muted">
                    <time dateTime={h.occurredAt.toISOString()}>{formatDateTime(h.occurredAt.toISOString(), lang)}</time> ·{' '}
                    {t('by', { who: actorName({ type: h.actorType, id: h.actorId, name: h.actorName }, lang) })} ({actorTypeLabel(h.actorType, lang)}) ·{' '}
                    {t('changeNo', { n: h.changeSeq })}
                  </p>
                  {h.fromStatus || h.toStatus ? (
                    <p className="mt-1 flex flex-wrap items-center gap-1 text-xs">
                      {h.fromStatus ? <StatusBadge status={h.fromStatus} words={serverWords(lang)} /> : null}
                      {h.fromStatus && h.toStatus ? <span aria-hidden="true">→</span> : null}
                      {h.toStatus ? <StatusBadge status={h.toStatus} words={serverWords(lang)} /> : null}
                    </p>
                  ) : null}
                  <HistoryChanges action={h.action} changes={h.changes} context={{ words: serverWords(lang), category: (code) => categoryName(code) ?? undefined }} />
                </li>
              ))}
            </ol>
          )}
        </section>
      </div>
    </article>
  );
}
