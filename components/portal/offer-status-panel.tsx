'use client';

import Link from 'next/link';
import type { Lang } from '@/lib/i18n/messages';
import { formFieldName } from '@/lib/i18n/words';
import { updateRefusal } from '@/lib/offers/rules/lifecycle';
import type { Offer } from '@/lib/portal/browser/api';
import { StatusBadge } from '@/components/status-badge';
import { usePortal } from './providers';
import { Notice, noticeVariants } from '@/components/ui/notice';

// The offer's status as the dealer reads it: the status in words, what to fix (field by field,
// each with a link into the form) and infos; what comes next is the page's next step
// (offer-next-step.tsx). A rejection by the employer's or the operator's decision is no error list: its reason.

/** Rejected by the employer's or the operator's decision, not by the checks: nothing to fix. */
export const isDeclinedOffer = (offer: Offer) => offer.status.current.code === 'rejected' && offer.status.errors.some((e) => e.code === 'EMPLOYER_DECLINED' || e.code === 'OPERATOR_DECLINED');

export function StatusPanel({ offer }: { offer: Offer }) {
  const { t, words } = usePortal();
  const { status } = offer;
  const code = status.current.code;
  const editable = updateRefusal(code) === null;
  const declined = isDeclinedOffer(offer);
  const text = (m: { message: string; field?: string | null; translations: Record<Lang, string> }) => words.entryText(m);
  return (
    <section aria-labelledby="status-heading" className="rounded-card border border-line bg-surface p-4">
      <h2 id="status-heading" className="text-lg font-semibold">
        {t('statusPanel')}
      </h2>
      <div aria-live="polite" className="mt-2 flex flex-wrap items-center gap-3" data-testid="status-current">
        <StatusBadge status={code} words={words} />
        <p className="text-sm text-ink">{text(status.current)}</p>
      </div>
      {code === 'pending' ? (
        <Notice tone="warning" role="status" className="mt-3 flex items-center gap-2 print:hidden">
          <span aria-hidden="true" className="size-3 animate-spin rounded-pill border-2 border-warning-900 border-t-transparent" />
          {t('processing')}
        </Notice>
      ) : null}

      {status.errors.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-danger-700">{declined ? t('declineReasonHeading') : t('errorsToFix')}</h3>
          <ul className="mt-1 space-y-2">
            {status.errors.map((e, i) => (
              <li key={i} className={noticeVariants()}>
                <p>{text(e)}</p>
                {e.field && editable ? (
                  <Link
                    href={`/portal/offers/${offer.id}/edit?focus=${encodeURIComponent(formFieldName(e.field))}`}
                    className="mt-1 inline-block font-semibold underline underline-offset-2 print:hidden"
                  >
                    {t('fixField', { field: words.fieldLabel(e.field) })}
                  </Link>
                ) : null}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

      {status.infos.length > 0 ? (
        <div className="mt-4">
          <h3 className="text-sm font-semibold text-ink">{t('infos')}</h3>
          <ul className="mt-1 space-y-1">
            {status.infos.map((e, i) => (
              <li key={i} className="rounded-control bg-canvas px-3 py-2 text-sm text-ink">
                {text(e)}
              </li>
            ))}
          </ul>
        </div>
      ) : null}

    </section>
  );
}
