'use client';

import Link from 'next/link';
import { useWatch, type Control } from 'react-hook-form';
import type { Offer } from '@/lib/portal/browser/api';
import { formatMoney } from '@/lib/i18n/words';
import { liveTotal, type OfferFormValues } from '@/lib/portal/browser/offer-form';
import { Button } from '@/components/ui/button';
import { usePortal } from '../providers';
import { DryRunPanel } from './dry-run-panel';
import type { Body } from './form-rules';
import type { DryRunState } from './use-dry-run';

const cancelLink = 'inline-flex min-h-11 items-center justify-center text-sm font-medium text-ink-muted underline underline-offset-2';

/**
 * Wide: one box beside the form (total, pre-check, submit). On a phone the pre-check ends the form
 * and the total and the submit button stay at the screen's foot (a sticky bar).
 */
export function BuilderSummary({
  offer,
  control,
  dryRun,
  submitting,
  onFocusField,
}: {
  offer: Offer | undefined;
  control: Control<OfferFormValues, unknown, Body>;
  dryRun: DryRunState;
  submitting: boolean;
  onFocusField: (field: string) => void;
}) {
  const { t } = usePortal();
  const cancelHref = offer ? `/portal/offers/${offer.id}` : '/portal';
  const rejectedErrors = offer?.status.current.code === 'rejected' ? offer.status.errors : [];
  return (
    <aside className="max-lg:contents lg:sticky lg:top-4 lg:flex lg:flex-col lg:gap-4 lg:self-start lg:rounded-card lg:border lg:border-line lg:bg-surface lg:p-4">
      <div className="max-lg:rounded-card max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-4 lg:order-2">
        <DryRunPanel
          ready={dryRun.ready}
          checking={dryRun.checking}
          failed={dryRun.failed}
          dryRun={dryRun.dryRun}
          errors={dryRun.dryRun?.kind === 'checked' ? dryRun.checkProblems.errors : rejectedErrors}
          infos={dryRun.checkProblems.infos}
          onFocusField={onFocusField}
        />
        <Link href={cancelHref} className={`${cancelLink} mt-2 w-full lg:hidden`}>
          {t('cancelEdit')}
        </Link>
      </div>
      <div
        data-testid="builder-footer"
        className="sticky bottom-0 z-20 -mx-page flex items-center justify-between gap-3 border-t border-line bg-surface px-page py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] lg:contents"
      >
        <div className="min-w-0 lg:order-1">
          <LiveTotal control={control} />
        </div>
        <div className="flex shrink-0 flex-col items-end gap-1 lg:order-3 lg:items-stretch lg:gap-4">
          <Button type="submit" variant="primary" disabled={submitting} className="min-h-11 lg:w-full">
            {submitting ? t('submitting') : offer ? t('submitUpdate') : t('submitCreate')}
          </Button>
          <Link href={cancelHref} className={`${cancelLink} max-lg:hidden`}>
            {t('cancelEdit')}
          </Link>
        </div>
      </div>
    </aside>
  );
}

function LiveTotal({ control }: { control: Control<OfferFormValues, unknown, Body> }) {
  const { t, lang } = usePortal();
  const [product, accessory, withShipping, shippingCostGross, installationCostGross] = useWatch({
    control,
    name: ['product', 'accessory', 'withShipping', 'shippingCostGross', 'installationCostGross'],
  });
  const total = liveTotal({ product, accessory, withShipping, shippingCostGross, installationCostGross }, lang);
  return (
    <div>
      <p className="text-sm font-medium text-ink-muted max-lg:text-xs">{t('liveTotal')}</p>
      <p className="text-2xl font-bold tabular-nums max-lg:text-lg" data-testid="live-total">
        {formatMoney(total.total, lang)}
      </p>
      <p className="mt-1 text-xs text-ink-muted max-lg:hidden">
        {total.total === undefined ? t('totalUnreadable') : t('totalBreakdown', {
          product: formatMoney(total.product, lang),
          accessories: formatMoney(total.accessories, lang),
          shipping: formatMoney(total.shipping, lang),
          installation: formatMoney(total.installation, lang),
        })}
      </p>
    </div>
  );
}
