'use client';

import { toast } from 'sonner';
import Link from 'next/link';
import { useId, useState } from 'react';
import { apiErrorText } from '@/lib/api-client/browser/call';
import { canApply, HAPPY_PATH, updateRefusal, type OfferStatus } from '@/lib/offers/rules/lifecycle';
import { advanceSandboxOffer, cancelOffer, type Offer } from '@/lib/portal/browser/api';
import { CANCEL_REASON_CODES } from '@/lib/i18n/words';
import { CancelOfferDialog } from '@/components/cancel-offer-dialog';
import { Button, buttonVariants } from '@/components/ui/button';
import { NativeSelect } from '@/components/ui/native-select';
import { useNextStep } from './offer-next-step';
import { usePortal } from './providers';

// The offer page's actions besides its next step (components/portal/offer-next-step.tsx): edit,
// copy, cancel, print and the PDF, all secondary and in one group; the sandbox's lifecycle step.

export function OfferActions({ offer, onChanged }: { offer: Offer; onChanged: (o: Offer) => void }) {
  const { t, environment } = usePortal();
  const code = offer.status.current.code;
  const refusal = updateRefusal(code);
  const cancelable = canApply(code, 'cancel');
  // The next step's action stands first, in the next step's panel; here the rest, all secondary.
  const { step } = useNextStep(offer);
  return (
    <section aria-label={t('actions')} className="flex w-full max-w-md flex-col items-start gap-2 sm:items-end print:hidden">
      <div role="group" aria-label={t('moreActions')} className="flex flex-wrap gap-2 sm:justify-end" data-testid="offer-actions">
        {refusal === null && step.primary !== 'edit' ? (
          <Link href={`/portal/offers/${offer.id}/edit`} className={buttonVariants({ variant: 'secondary' })}>
            {t('edit')}
          </Link>
        ) : null}
        {step.primary !== 'copy' ? (
          <Link href={`/portal/offers/new?from=${offer.id}`} className={buttonVariants({ variant: 'secondary' })} data-testid="copy-offer">
            {t('copyOffer')}
          </Link>
        ) : null}
        {cancelable ? <CancelDialog offer={offer} onChanged={onChanged} /> : null}
        <Button variant="secondary" onClick={() => window.print()}>
          {t('print')}
        </Button>
        <a href={`/portal/offers/${offer.id}/document`} download className={buttonVariants({ variant: 'secondary' })} data-testid="download-pdf">
          {t('downloadPdf')}
        </a>
      </div>
      {refusal !== null ? (
        <p className="text-sm text-ink-muted sm:text-right">{refusal === 'OFFER_IS_BEING_PROCESSED' ? t('editNotAllowedPending') : t('editNotAllowed')}</p>
      ) : null}
      {!cancelable ? <p className="text-sm text-ink-muted sm:text-right">{t('cancelNotAllowed')}</p> : null}
      {environment === 'sandbox' ? <SandboxStep offer={offer} onChanged={onChanged} /> : null}
    </section>
  );
}

function CancelDialog({ offer, onChanged }: { offer: Offer; onChanged: (o: Offer) => void }) {
  const { t, words } = usePortal();
  const [busy, setBusy] = useState(false);
  return (
    <CancelOfferDialog
      busy={busy}
      texts={{
        trigger: t('cancelOffer'),
        title: t('cancelDialogTitle'),
        text: t('cancelDialogText'),
        reason: t('cancelReasonLabel'),
        reasonRequired: t('chooseReason'),
        contact: t('contactFromEmployee'),
        note: t('cancelNoteLabel'),
        noteHint: t('cancelNoteHint'),
        noteTooLong: t('cancelNoteTooLong'),
        keep: t('keepOffer'),
        confirm: t('confirmCancel'),
        working: t('canceling'),
        close: t('close'),
      }}
      reasons={CANCEL_REASON_CODES.map((r) => ({ value: r, label: words.cancelReasonLabel(r) }))}
      onSubmit={async (body) => {
        setBusy(true);
        try {
          onChanged(await cancelOffer(offer.id, body));
          toast.success(t('toastCanceled', { number: offer.offerNumber }));
          return null;
        } catch (err) {
          return apiErrorText(err, words);
        } finally {
          setBusy(false);
        }
      }}
    />
  );
}

/** Sandbox only: take the next lifecycle step (or a chosen one), as the operator console would. */
function SandboxStep({ offer, onChanged }: { offer: Offer; onChanged: (o: Offer) => void }) {
  const { t, words } = usePortal();
  const ids = useId();
  const code = offer.status.current.code;
  // A pending offer is simply processed on the spot; later statuses may branch (approve or decline).
  const targets: OfferStatus[] =
    code === 'pending' ? [] : offer.status.nextSteps.map((s) => s.code).filter((s) => s !== 'canceled' && s !== 'pending');
  const [to, setTo] = useState<OfferStatus | ''>('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  if (!(code in HAPPY_PATH) && code !== 'pending' && targets.length === 0) return null;
  const target = to && targets.includes(to) ? to : '';

  async function step() {
    setBusy(true);
    setError(null);
    try {
      const next = await advanceSandboxOffer(offer.id, target || undefined);
      onChanged(next);
      toast.success(t('toastStepped', { status: words.statusLabel(next.status.current.code) }));
      setTo('');
    } catch (err) {
      setError(apiErrorText(err, words));
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="mt-1 w-full rounded-control border border-dashed border-warning-900 bg-warning-50 p-3 text-sm">
      <p className="text-warning-900">{t('sandboxStepHint')}</p>
      <div className="mt-2 flex flex-wrap items-end gap-2">
        {targets.length > 1 ? (
          <div>
            <label htmlFor={`${ids}-to`} className="block text-xs font-medium text-warning-900">
              {t('stepTarget')}
            </label>
            <NativeSelect id={`${ids}-to`} value={target} onChange={(e) => setTo(e.target.value as OfferStatus | '')} className="mt-1 border-warning-900">
              <option value="">{t('stepHappyPath')}</option>
              {targets.map((s) => (
                <option key={s} value={s}>
                  {words.statusLabel(s)}
                </option>
              ))}
            </NativeSelect>
          </div>
        ) : null}
        <Button variant="secondary" onClick={step} disabled={busy} className="border-warning-900 text-warning-900 hover:bg-warning-50">
          {busy ? t('stepping') : t('sandboxStep')}
        </Button>
      </div>
      {error ? (
        <p role="alert" className="mt-2 text-danger-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}

