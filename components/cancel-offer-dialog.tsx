'use client';

import { useId, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { describedBy, Field, FieldError, Label } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import type { CancelReason } from '@/lib/shared/model';

// Cancelling an offer, in the portal (the dealer) and in the console (the operator): a reason from
// the spec's list (required), the employee's wish to be contacted, and — for the reason "other" —
// a free-text note (at most 500 characters, the API's `cancelNote`). Each face gives its words and
// sends the request itself; the dialog closes when the face reports success.

export const CANCEL_NOTE_MAX = 500;

export type CancelDialogTexts = {
  trigger: string;
  title: string;
  text: string;
  reason: string;
  reasonRequired: string;
  contact: string;
  note: string;
  noteHint: string;
  noteTooLong: string;
  keep: string;
  confirm: string;
  working: string;
  close: string;
};

export type CancelDialogBody = { cancelReason: CancelReason; cancelNote?: string; contactFromEmployeeRequested: boolean };

export function CancelOfferDialog({
  texts,
  reasons,
  busy,
  onSubmit,
}: {
  texts: CancelDialogTexts;
  reasons: { value: CancelReason; label: string }[];
  busy?: boolean;
  /** Sends the cancellation; resolves to an error text to show, or null when it is done. */
  onSubmit: (body: CancelDialogBody) => Promise<string | null>;
}) {
  const ids = useId();
  const [open, setOpen] = useState(false);
  const [reason, setReason] = useState<CancelReason | ''>('');
  const [note, setNote] = useState('');
  const [contact, setContact] = useState(false);
  const [problem, setProblem] = useState<{ field: 'reason' | 'note' | null; text: string } | null>(null);
  const withNote = reason === 'other';

  async function submit(e: FormEvent) {
    e.preventDefault();
    if (!reason) return setProblem({ field: 'reason', text: texts.reasonRequired });
    const trimmed = withNote ? note.trim() : '';
    if (trimmed.length > CANCEL_NOTE_MAX) return setProblem({ field: 'note', text: texts.noteTooLong });
    setProblem(null);
    const failed = await onSubmit({ cancelReason: reason, contactFromEmployeeRequested: contact, ...(trimmed ? { cancelNote: trimmed } : {}) });
    if (failed) setProblem({ field: null, text: failed });
    else setOpen(false);
  }

  return (
    <Dialog
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) setProblem(null);
      }}
    >
      <DialogTrigger asChild>
        <Button variant="secondary" className="border-danger-700 text-danger-700" disabled={busy}>
          {texts.trigger}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={texts.close}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader title={texts.title} description={texts.text} />
          <Field
            id={`${ids}-reason`}
            label={
              <>
                {texts.reason} <span aria-hidden="true">*</span>
              </>
            }
          >
            <NativeSelect
              id={`${ids}-reason`}
              value={reason}
              aria-required="true"
              aria-invalid={problem?.field === 'reason' ? true : undefined}
              aria-describedby={describedBy(`${ids}-reason`, undefined, problem?.field === 'reason')}
              onChange={(e) => setReason(e.target.value as CancelReason | '')}
            >
              <option value="">—</option>
              {reasons.map((r) => (
                <option key={r.value} value={r.value}>
                  {r.label}
                </option>
              ))}
            </NativeSelect>
          </Field>
          {withNote ? (
            <Field id={`${ids}-note`} label={texts.note} hint={texts.noteHint}>
              <Textarea
                id={`${ids}-note`}
                rows={3}
                maxLength={CANCEL_NOTE_MAX}
                value={note}
                aria-invalid={problem?.field === 'note' ? true : undefined}
                aria-describedby={describedBy(`${ids}-note`, texts.noteHint, problem?.field === 'note')}
                onChange={(e) => setNote(e.target.value)}
              />
            </Field>
          ) : null}
          <div className="flex items-center gap-2">
            <NativeCheckbox id={`${ids}-contact`} checked={contact} onChange={(e) => setContact(e.target.checked)} />
            <Label htmlFor={`${ids}-contact`} className="font-normal">
              {texts.contact}
            </Label>
          </div>
          <FieldError id={problem?.field ? `${ids}-${problem.field}-error` : undefined} role="alert">
            {problem?.text}
          </FieldError>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{texts.keep}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {busy ? texts.working : texts.confirm}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
