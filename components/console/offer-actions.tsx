'use client';

import { ApiRequestError } from '@/lib/api-client/browser/call';
import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import type { z } from 'zod';
import { consoleCall } from '@/lib/console/browser/client';
import { CANCEL_REASON_CODES, validationMessage } from '@/lib/i18n/words';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import { REASON_MAX, reasonSchema, type CancelBody, type Reason, type StepBody } from '@/lib/console/schemas';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { CancelOfferDialog } from '@/components/cancel-offer-dialog';
import { describedBy, Field, FieldHint } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { useConsole } from './providers';

// The actions on one offer. The page passes only what the lifecycle allows in the offer's status;
// the server checks again (lifecycle module) and records each action with the operator. A final
// decision (approve to done) and a decline ask first; every action ends in a toast saying the new
// status. Opened from a queue, a decision goes on to the queue's next offer.

export type AllowedAction = StepBody['action'] | 'cancel' | 'reprocess';

type OfferAnswer = { status: { current: { code: string } } };

const STEP_TEXT: Record<StepBody['action'], ConsoleTextKey> = {
  start_order: 'stepStartOrder',
  submit_order: 'stepSubmitOrder',
  employer_approve: 'stepEmployerApprove',
  employer_decline: 'stepEmployerDecline',
  operator_approve: 'stepOperatorApprove',
  operator_decline: 'stepOperatorDecline',
};

type Run = { path: string; body?: { action?: string } & Record<string, unknown> };

const DECISIONS: readonly string[] = ['employer_approve', 'employer_decline', 'operator_approve', 'operator_decline'];

/** Where a decision taken from a queue goes on to: the queue's next offer, or the queue when none is left. */
export type QueueNext = { queueHref: string; nextHref: string | null };

export function OfferActions({ offerId, offerNumber, allowed, next }: { offerId: string; offerNumber: string; allowed: AllowedAction[]; next?: QueueNext }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (run: Run) => consoleCall<OfferAnswer>('POST', `/api/console/offers/${offerId}/${run.path}`, words, run.body),
    onSuccess: (offer, run) => {
      const status = offer.status.current.code;
      const goOn = next && DECISIONS.includes(run.body?.action ?? '');
      toast.success(t('toastStep', { number: offerNumber, status: words.statusLabel(status) }), {
        description: goOn ? t(next.nextHref ? 'toastNext' : 'toastQueueEmpty') : undefined,
        action: goOn ? { label: t('toastOpenOffer'), onClick: () => router.push(`/console/offers/${offerId}`) } : undefined,
        // A toast with a way back stays long enough to take it.
        duration: goOn ? 10_000 : undefined,
      });
      setConfirming(false);
      if (goOn) {
        router.push(next.nextHref ?? next.queueHref);
        return;
      }
      setDone(status);
      router.refresh();
    },
  });
  const run = (r: Run) => {
    setDone(null);
    return mutation.mutateAsync(r);
  };
  const error = mutation.error ? (mutation.error instanceof ApiRequestError ? mutation.error.message : String(mutation.error)) : null;
  const simple = allowed.filter((a): a is 'start_order' | 'submit_order' | 'employer_approve' => ['start_order', 'submit_order', 'employer_approve'].includes(a));

  return (
    <Card aria-labelledby="actions-heading" data-testid="offer-actions">
      <CardHeader id="actions-heading" title={t('actions')} description={t('actionsIntro')} />
      {allowed.length === 0 ? <p className="text-sm text-ink">{t('noActions')}</p> : null}
      <div className="flex flex-wrap gap-2">
        {simple.map((action) => (
          <OnBehalfDialog key={action} action={action} busy={mutation.isPending} onSubmit={(onBehalfReason) => run({ path: 'steps', body: { action, onBehalfReason } })} />
        ))}
        {allowed.includes('operator_approve') ? (
          <AlertDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <Button variant="primary" disabled={mutation.isPending}>
                {t(STEP_TEXT.operator_approve)}
              </Button>
            }
            title={t('approveOneTitle', { number: offerNumber })}
            description={t('w_approveText', { count: 1 })}
            cancelLabel={t('cancel')}
            confirmLabel={mutation.isPending ? t('working') : t('approveOneConfirm')}
            busy={mutation.isPending}
            onConfirm={() => {
              void run({ path: 'steps', body: { action: 'operator_approve' } }).catch(() => setConfirming(false));
              return false;
            }}
          />
        ) : null}
        {allowed.includes('employer_decline') ? (
          <DeclineDialog
            action="employer_decline"
            busy={mutation.isPending}
            onSubmit={(reason, onBehalfReason) => run({ path: 'steps', body: { action: 'employer_decline', reason, onBehalfReason } })}
          />
        ) : null}
        {allowed.includes('operator_decline') ? (
          <DeclineDialog action="operator_decline" busy={mutation.isPending} onSubmit={(reason) => run({ path: 'steps', body: { action: 'operator_decline', reason } })} />
        ) : null}
        {allowed.includes('reprocess') ? (
          <Button variant="secondary" disabled={mutation.isPending} aria-describedby="reprocess-hint" onClick={() => void run({ path: 'reprocess' }).catch(() => {})}>
            {t('reprocess')}
          </Button>
        ) : null}
        {allowed.includes('cancel') ? <CancelDialog busy={mutation.isPending} onSubmit={(body) => run({ path: 'cancel', body })} /> : null}
      </div>
      {allowed.includes('reprocess') ? <FieldHint id="reprocess-hint">{t('reprocessHint')}</FieldHint> : null}
      <div aria-live="polite" className="mt-3 text-sm text-ink">
        {mutation.isPending ? <p>{t('working')}</p> : null}
        {done ? (
          <p className="font-medium" data-testid="action-result">
            {t('actionDone', { status: words.statusLabel(done) })}
          </p>
        ) : null}
      </div>
      {error ? (
        <Notice role="alert" className="mt-2">
          {t('requestFailed', { message: error })}
        </Notice>
      ) : null}
    </Card>
  );
}

/** The decline form's field: the reason's text (its language is the page's). */
const reasonFormSchema = reasonSchema.pick({ text: true });

/** The reason the operator states for taking the customer's or the employer's step; it stands in the offer's history. */
function OnBehalfField({ id, value, onChange, error }: { id: string; value: string; onChange: (v: string) => void; error: string | null }) {
  const { t } = useConsole();
  return (
    <Field
      id={id}
      label={
        <>
          {t('onBehalfReason')} <span aria-hidden="true">*</span>
        </>
      }
      hint={t('onBehalfHint')}
      error={error}
    >
      <Textarea
        id={id}
        rows={2}
        maxLength={500}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-required="true"
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy(id, true, error)}
      />
    </Field>
  );
}

/** The customer's (start, submit) or the employer's (approve) step, taken by the operator for them: with the reason why. */
function OnBehalfDialog({ action, busy, onSubmit }: { action: 'start_order' | 'submit_order' | 'employer_approve'; busy: boolean; onSubmit: (onBehalfReason: string) => Promise<unknown> }) {
  const { t } = useConsole();
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [why, setWhy] = useState('');
  const [error, setError] = useState<string | null>(null);
  const forCustomer = action !== 'employer_approve';
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!why.trim()) return setError(t('onBehalfRequired'));
    setError(null);
    try {
      await onSubmit(why.trim());
      setWhy('');
    } catch {
      // shown by the actions panel
    }
    setOpen(false);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="primary" disabled={busy}>
          {t(STEP_TEXT[action])}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader title={forCustomer ? t('onBehalfTitleCustomer') : t('onBehalfTitleEmployer')} description={forCustomer ? t('onBehalfTextCustomer') : t('onBehalfTextEmployer')} />
          <OnBehalfField id={`${ids}-why`} value={why} onChange={setWhy} error={error} />
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </DialogClose>
            <Button type="submit" variant="primary" disabled={busy}>
              {busy ? t('working') : t(STEP_TEXT[action])}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function DeclineDialog({
  action,
  busy,
  onSubmit,
}: {
  action: 'employer_decline' | 'operator_decline';
  busy: boolean;
  onSubmit: (reason: Reason, onBehalfReason?: string) => Promise<unknown>;
}) {
  const { t, lang } = useConsole();
  const id = useId();
  const [open, setOpen] = useState(false);
  // Declining for the employer is the employer's step: the operator says why they take it.
  const forEmployer = action === 'employer_decline';
  const [why, setWhy] = useState('');
  const [whyError, setWhyError] = useState<string | null>(null);
  const form = useForm<z.input<typeof reasonFormSchema>, unknown, z.output<typeof reasonFormSchema>>({
    resolver: zodResolver(reasonFormSchema),
    defaultValues: { text: '' },
  });
  const { errors } = form.formState;
  const submit = (e: FormEvent) =>
    void form.handleSubmit(async ({ text }) => {
      if (forEmployer && !why.trim()) return setWhyError(t('onBehalfRequired'));
      setWhyError(null);
      try {
        await onSubmit({ text, lang }, forEmployer ? why.trim() : undefined);
        form.reset();
        setWhy('');
      } catch {
        // shown by the actions panel
      }
      setOpen(false);
    })(e);
  const title = action === 'employer_decline' ? t('declineTitleEmployer') : t('declineTitleOperator');
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="border-danger-700 text-danger-700" disabled={busy}>
          {t(STEP_TEXT[action])}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={submit} noValidate className="grid gap-4">
          <DialogHeader title={title} description={t('w_declineText', { count: 1 })} />
          <Field
            id={id}
            label={
              <>
                {t('declineReason')} <span aria-hidden="true">*</span>
              </>
            }
            hint={t('declineReasonHint')}
            error={errors.text ? validationMessage(errors.text.message, t) : null}
          >
            <Textarea
              id={id}
              lang={lang}
              rows={3}
              maxLength={REASON_MAX}
              aria-required="true"
              aria-invalid={errors.text ? true : undefined}
              aria-describedby={describedBy(id, true, errors.text)}
              {...form.register('text')}
            />
          </Field>
          {forEmployer ? <OnBehalfField id={`${id}-why`} value={why} onChange={setWhy} error={whyError} /> : null}
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('cancel')}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? t('working') : t('confirmDecline')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function CancelDialog({ busy, onSubmit }: { busy: boolean; onSubmit: (body: CancelBody) => Promise<unknown> }) {
  const { t, words } = useConsole();
  return (
    <CancelOfferDialog
      busy={busy}
      texts={{
        trigger: t('cancelOffer'),
        title: t('cancelTitle'),
        text: t('cancelText'),
        reason: t('cancelReason'),
        reasonRequired: validationMessage('required', t),
        contact: t('contactRequested'),
        note: t('cancelNoteLabel'),
        noteHint: t('cancelNoteHint'),
        noteTooLong: t('cancelNoteTooLong'),
        keep: t('cancel'),
        confirm: t('confirmCancel'),
        working: t('working'),
        close: t('close'),
      }}
      reasons={CANCEL_REASON_CODES.map((r) => ({ value: r, label: words.cancelReasonLabel(r) }))}
      onSubmit={async (body) => {
        try {
          await onSubmit({ ...body, cancelNote: body.cancelNote });
        } catch {
          // shown by the actions panel
        }
        return null;
      }}
    />
  );
}
