'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useId, useState, type FormEvent } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { CANCEL_REASON_CODES, validationMessage } from '@/lib/i18n/words';
import { REASON_MAX, reasonSchema, type CancelBody, type Reason } from '@/lib/console/schemas';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { CancelOfferDialog } from '@/components/cancel-offer-dialog';
import { describedBy, Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import type { StepBody } from '@/lib/console/schemas';
import { useConsole } from './providers';

// The dialogs of the console's offer actions (./offer-actions.tsx): the step taken on someone's
// behalf with its reason, the decline with its reason, the cancel.

export const STEP_TEXT: Record<StepBody['action'], ConsoleTextKey> = {
  start_order: 'stepStartOrder',
  submit_order: 'stepSubmitOrder',
  employer_approve: 'stepEmployerApprove',
  employer_decline: 'stepEmployerDecline',
  operator_approve: 'stepOperatorApprove',
  operator_decline: 'stepOperatorDecline',
};

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
export function OnBehalfDialog({ action, busy, onSubmit }: { action: 'start_order' | 'submit_order' | 'employer_approve'; busy: boolean; onSubmit: (onBehalfReason: string) => Promise<unknown> }) {
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

export function DeclineDialog({
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

export function CancelDialog({ busy, onSubmit }: { busy: boolean; onSubmit: (body: CancelBody) => Promise<unknown> }) {
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
