'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consoleCall, ConsoleRequestError } from '@/lib/console/client';
import { CANCEL_REASON_CODES, cancelReasonLabel, statusLabel, validationMessage, type ConsoleTextKey } from '@/lib/console/i18n';
import { cancelBodySchema, reasonSchema, type CancelBody, type StepBody } from '@/lib/console/schemas';
import { useConsole } from './providers';
import { button, primary, secondary, input } from './styles';

// The actions on one offer. The page passes only what the lifecycle allows in the offer's status;
// the server checks again (lifecycle module) and records each action with the operator.

export type AllowedAction = StepBody['action'] | 'cancel' | 'reprocess';

type OfferAnswer = { status: { current: { code: string } } };

const danger = `${button} border-red-800 bg-white text-red-900 hover:bg-red-50`;

const STEP_TEXT: Record<StepBody['action'], ConsoleTextKey> = {
  start_order: 'stepStartOrder',
  submit_order: 'stepSubmitOrder',
  employer_approve: 'stepEmployerApprove',
  employer_decline: 'stepEmployerDecline',
  operator_approve: 'stepOperatorApprove',
  operator_decline: 'stepOperatorDecline',
};

type Run = { path: string; body?: unknown };

export function OfferActions({ offerId, allowed }: { offerId: string; allowed: AllowedAction[] }) {
  const { t, lang } = useConsole();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (run: Run) => consoleCall<OfferAnswer>('POST', `/api/console/offers/${offerId}/${run.path}`, lang, run.body),
    onSuccess: (offer) => {
      setDone(offer.status.current.code);
      router.refresh();
    },
  });
  const run = (r: Run) => {
    setDone(null);
    return mutation.mutateAsync(r);
  };
  const error = mutation.error ? (mutation.error instanceof ConsoleRequestError ? mutation.error.message : String(mutation.error)) : null;
  const simple = allowed.filter((a): a is 'start_order' | 'submit_order' | 'employer_approve' | 'operator_approve' =>
    ['start_order', 'submit_order', 'employer_approve', 'operator_approve'].includes(a),
  );

  return (
    <section aria-labelledby="actions-heading" className="rounded-lg border border-slate-200 bg-white p-4" data-testid="offer-actions">
      <h2 id="actions-heading" className="text-lg font-semibold">
        {t('actions')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">{t('actionsIntro')}</p>
      {allowed.length === 0 ? <p className="mt-3 text-sm text-slate-800">{t('noActions')}</p> : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {simple.map((action) => (
          <button key={action} type="button" className={primary} disabled={mutation.isPending} onClick={() => void run({ path: 'steps', body: { action } }).catch(() => {})}>
            {t(STEP_TEXT[action])}
          </button>
        ))}
        {allowed.includes('employer_decline') ? (
          <DeclineDialog action="employer_decline" busy={mutation.isPending} onSubmit={(reason) => run({ path: 'steps', body: { action: 'employer_decline', reason } })} />
        ) : null}
        {allowed.includes('operator_decline') ? (
          <DeclineDialog action="operator_decline" busy={mutation.isPending} onSubmit={(reason) => run({ path: 'steps', body: { action: 'operator_decline', reason } })} />
        ) : null}
        {allowed.includes('reprocess') ? (
          <button type="button" className={secondary} disabled={mutation.isPending} aria-describedby="reprocess-hint" onClick={() => void run({ path: 'reprocess' }).catch(() => {})}>
            {t('reprocess')}
          </button>
        ) : null}
        {allowed.includes('cancel') ? <CancelDialog busy={mutation.isPending} onSubmit={(body) => run({ path: 'cancel', body })} /> : null}
      </div>
      {allowed.includes('reprocess') ? (
        <p id="reprocess-hint" className="mt-2 text-xs text-slate-700">
          {t('reprocessHint')}
        </p>
      ) : null}
      <div aria-live="polite" className="mt-3 text-sm">
        {mutation.isPending ? <p>{t('working')}</p> : null}
        {done ? (
          <p className="font-medium text-slate-900" data-testid="action-result">
            {t('actionDone', { status: statusLabel(done, lang) })}
          </p>
        ) : null}
      </div>
      {error ? (
        <p role="alert" className="mt-2 rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t('requestFailed', { message: error })}
        </p>
      ) : null}
    </section>
  );
}

function DeclineDialog({
  action,
  busy,
  onSubmit,
}: {
  action: 'employer_decline' | 'operator_decline';
  busy: boolean;
  onSubmit: (reason: z.infer<typeof reasonSchema>) => Promise<unknown>;
}) {
  const { t } = useConsole();
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const form = useForm<z.input<typeof reasonSchema>, unknown, z.output<typeof reasonSchema>>({
    resolver: zodResolver(reasonSchema),
    defaultValues: { de: '', en: '' },
  });
  const { errors } = form.formState;
  const submit = (e: FormEvent) =>
    void form.handleSubmit(async (reason) => {
      try {
        await onSubmit(reason);
        form.reset();
      } catch {
        // shown by the actions panel
      }
      dialogRef.current?.close();
    })(e);
  const title = action === 'employer_decline' ? t('declineTitleEmployer') : t('declineTitleOperator');
  return (
    <>
      <button type="button" className={danger} disabled={busy} onClick={() => dialogRef.current?.showModal()}>
        {t(STEP_TEXT[action])}
      </button>
      <dialog ref={dialogRef} aria-labelledby={`${ids}-title`} className="m-auto w-full max-w-lg rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50">
        <form onSubmit={submit} noValidate className="space-y-4 p-5">
          <h2 id={`${ids}-title`} className="text-lg font-semibold">
            {title}
          </h2>
          <p className="text-sm text-slate-700">{t('declineText')}</p>
          {(['de', 'en'] as const).map((l) => (
            <div key={l}>
              <label htmlFor={`${ids}-${l}`} className="block text-sm font-medium text-slate-800">
                {l === 'de' ? t('reasonDe') : t('reasonEn')} <span aria-hidden="true">*</span>
              </label>
              <textarea
                id={`${ids}-${l}`}
                lang={l}
                rows={2}
                aria-required="true"
                aria-invalid={errors[l] ? true : undefined}
                aria-describedby={errors[l] ? `${ids}-${l}-error` : undefined}
                className={input}
                {...form.register(l)}
              />
              {errors[l] ? (
                <p id={`${ids}-${l}-error`} className="mt-1 text-sm text-red-900">
                  {validationMessage(errors[l].message, t)}
                </p>
              ) : null}
            </div>
          ))}
          <div className="flex justify-end gap-2">
            <button type="button" className={secondary} onClick={() => dialogRef.current?.close()}>
              {t('cancel')}
            </button>
            <button type="submit" disabled={busy} className={`${button} border-red-800 bg-red-800 text-white hover:bg-red-900`}>
              {busy ? t('working') : t('confirmDecline')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}

function CancelDialog({ busy, onSubmit }: { busy: boolean; onSubmit: (body: CancelBody) => Promise<unknown> }) {
  const { t, lang } = useConsole();
  const ids = useId();
  const dialogRef = useRef<HTMLDialogElement>(null);
  const form = useForm<z.input<typeof cancelBodySchema>, unknown, CancelBody>({
    resolver: zodResolver(cancelBodySchema),
    defaultValues: { contactFromEmployeeRequested: false },
  });
  const { errors } = form.formState;
  const submit = (e: FormEvent) =>
    void form.handleSubmit(async (body) => {
      try {
        await onSubmit(body);
      } catch {
        // shown by the actions panel
      }
      dialogRef.current?.close();
    })(e);
  return (
    <>
      <button type="button" className={danger} disabled={busy} onClick={() => dialogRef.current?.showModal()}>
        {t('cancelOffer')}
      </button>
      <dialog ref={dialogRef} aria-labelledby={`${ids}-title`} className="m-auto w-full max-w-md rounded-lg p-0 shadow-xl backdrop:bg-slate-900/50">
        <form onSubmit={submit} noValidate className="space-y-4 p-5">
          <h2 id={`${ids}-title`} className="text-lg font-semibold">
            {t('cancelTitle')}
          </h2>
          <p className="text-sm text-slate-700">{t('cancelText')}</p>
          <div>
            <label htmlFor={`${ids}-reason`} className="block text-sm font-medium text-slate-800">
              {t('cancelReason')} <span aria-hidden="true">*</span>
            </label>
            <select
              id={`${ids}-reason`}
              aria-required="true"
              aria-invalid={errors.cancelReason ? true : undefined}
              aria-describedby={errors.cancelReason ? `${ids}-reason-error` : undefined}
              className={input}
              defaultValue=""
              {...form.register('cancelReason', { setValueAs: (v: string) => (v === '' ? undefined : v) })}
            >
              <option value="">—</option>
              {CANCEL_REASON_CODES.map((r) => (
                <option key={r} value={r}>
                  {cancelReasonLabel(r, lang)}
                </option>
              ))}
            </select>
            {errors.cancelReason ? (
              <p id={`${ids}-reason-error`} className="mt-1 text-sm text-red-900">
                {validationMessage('required', t)}
              </p>
            ) : null}
          </div>
          <div className="flex items-center gap-2">
            <input id={`${ids}-contact`} type="checkbox" className="size-4" {...form.register('contactFromEmployeeRequested')} />
            <label htmlFor={`${ids}-contact`} className="text-sm text-slate-800">
              {t('contactRequested')}
            </label>
          </div>
          <div className="flex justify-end gap-2">
            <button type="button" className={secondary} onClick={() => dialogRef.current?.close()}>
              {t('cancel')}
            </button>
            <button type="submit" disabled={busy} className={`${button} border-red-800 bg-red-800 text-white hover:bg-red-900`}>
              {busy ? t('working') : t('confirmCancel')}
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
