'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { apiErrorText, callOwn } from '@/lib/api-client/browser/call';
import { useEmployer } from './providers';

// The roster's changes one person at a time: add (e-mail, name, personnel number), edit a listed
// person's name and number, remove (asked first: running leases stay). Each answer refreshes the list.

type Person = { email: string; name: string | null; personnelNumber: string | null };

function useCall() {
  const { t, words } = useEmployer();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run(method: 'POST' | 'PUT' | 'DELETE', path: string, body: unknown, done: string): Promise<boolean> {
    setBusy(true);
    setError(null);
    try {
      await callOwn(method, path, words, body === undefined ? {} : { body });
      toast.success(done);
      router.refresh();
      return true;
    } catch (err) {
      setError(t('actionFailed', { message: apiErrorText(err, words) }));
      return false;
    } finally {
      setBusy(false);
    }
  }
  return { busy, error, run, setError };
}

export function AddEmployeeForm() {
  const { t } = useEmployer();
  const id = useId();
  const { busy, error, run } = useCall();
  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const form = e.currentTarget;
    const data = new FormData(form);
    const name = String(data.get('name') ?? '');
    const ok = await run('POST', '/api/employer/employees', { email: String(data.get('email') ?? ''), name, personnelNumber: String(data.get('personnelNumber') ?? '') }, t('employeeAdded', { name }));
    if (ok) form.reset();
  }
  return (
    <form onSubmit={(e) => void submit(e)} className="grid gap-3 sm:grid-cols-[2fr_2fr_1fr_auto] sm:items-end" data-testid="add-employee">
      <Field id={`${id}-email`} label={t('email')}>
        <Input id={`${id}-email`} name="email" type="email" required autoComplete="off" />
      </Field>
      <Field id={`${id}-name`} label={t('name')}>
        <Input id={`${id}-name`} name="name" required autoComplete="off" />
      </Field>
      <Field id={`${id}-number`} label={t('personnelNumberOptional')}>
        <Input id={`${id}-number`} name="personnelNumber" autoComplete="off" maxLength={30} />
      </Field>
      <Button type="submit" variant="primary" disabled={busy}>
        {t('add')}
      </Button>
      {error ? (
        <Notice role="alert" className="sm:col-span-4">
          {error}
        </Notice>
      ) : null}
    </form>
  );
}

const pathOf = (email: string) => `/api/employer/employees/${encodeURIComponent(email)}`;

export function RosterRowActions({ person }: { person: Person }) {
  const { t } = useEmployer();
  const id = useId();
  const shown = person.name ?? person.email;
  const [editing, setEditing] = useState(false);
  const [removing, setRemoving] = useState(false);
  const [name, setName] = useState(person.name ?? '');
  const [number, setNumber] = useState(person.personnelNumber ?? '');
  const edit = useCall();
  const remove = useCall();
  return (
    <span className="flex flex-wrap gap-2">
      <Button size="sm" variant="secondary" aria-label={t('editFor', { name: shown })} onClick={() => setEditing(true)}>
        {t('edit')}
      </Button>
      <Button size="sm" variant="secondary" className="border-danger-700 text-danger-700" aria-label={t('removeFor', { name: shown })} onClick={() => setRemoving(true)}>
        {t('remove')}
      </Button>
      <AlertDialog
        open={editing}
        onOpenChange={(open) => {
          setEditing(open);
          edit.setError(null);
        }}
        title={t('editFor', { name: shown })}
        description={person.email}
        cancelLabel={t('cancel')}
        confirmLabel={t('save')}
        busy={edit.busy}
        onConfirm={() => edit.run('PUT', pathOf(person.email), { name, personnelNumber: number }, t('employeeSaved', { name }))}
      >
        <div className="grid gap-3">
          <Field id={`${id}-name`} label={t('name')}>
            <Input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
          </Field>
          <Field id={`${id}-number`} label={t('personnelNumberOptional')} hint={t('numberFormat')}>
            <Input id={`${id}-number`} value={number} maxLength={30} onChange={(e) => setNumber(e.target.value)} />
          </Field>
          {edit.error ? <Notice role="alert">{edit.error}</Notice> : null}
        </div>
      </AlertDialog>
      <AlertDialog
        open={removing}
        onOpenChange={setRemoving}
        title={t('removeTitle', { name: shown })}
        description={t('removeText', { name: shown })}
        cancelLabel={t('cancel')}
        confirmLabel={t('remove')}
        destructive
        busy={remove.busy}
        onConfirm={() => remove.run('DELETE', pathOf(person.email), undefined, t('employeeRemoved', { name: shown }))}
      >
        {remove.error ? <Notice role="alert">{remove.error}</Notice> : null}
      </AlertDialog>
    </span>
  );
}
