'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { EmailText } from '@/components/ui/email-text';
import { Field, FieldError } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { consoleCall } from '@/lib/console/browser/client';
import { formatDateTime } from '@/lib/i18n/words';
import { ConfirmButton } from '@/components/ui/confirm-button';
import { CopyValue, OnceCard } from './copy-value';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// A dealer's staff logins (or an employer's HR staff's) in the console: the users with their state, the invitation form, the
// one-time invitation link (shown here once and mailed), a new link for a user who has not set a
// password, a reset mail for one who has (its link goes to the user only), and disabling a user
// (every session of the user ends at once).

export type StaffView = { id: string; email: string; name: string; createdAt: string; disabledAt: string | null; lastSeenAt: string | null; hasPassword: boolean };

type Invited = { id: string; email: string; name: string; link: string };

export function StaffPanel({ dealerId, employerId, users }: { dealerId?: string; employerId?: string; users: StaffView[] }) {
  const { t, lang } = useConsole();
  const ids = useId();
  const [invited, setInvited] = useState<Invited | null>(null);
  // The users' endpoints of the owner: a dealer's staff, or an employer's HR staff.
  const base = employerId ? `/api/console/employers/${employerId}` : `/api/console/dealers/${dealerId}`;
  return (
    <Card aria-labelledby={`${ids}-title`} className="space-y-4" data-testid="staff">
      <CardHeader id={`${ids}-title`} title={employerId ? t('hrStaffTitle') : t('staffTitle')} description={employerId ? t('hrStaffIntro') : t('staffIntro')} />
      {invited ? <LinkOnce invited={invited} onDismiss={() => setInvited(null)} /> : null}
      {users.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('staffNone')}</p>
      ) : (
        <ul className="divide-y divide-line" data-testid="staff-users">
          {users.map((u) => (
            <li key={u.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-email={u.email}>
              <div className="min-w-0">
                <p className="break-words text-sm font-medium text-ink">
                  {u.name} · <EmailText email={u.email} className="font-normal" />
                </p>
                <p className="mt-0.5 text-xs" data-testid="staff-state">
                  {u.disabledAt ? (
                    <Badge tone="neutral">{t('disabledSince', { date: formatDateTime(u.disabledAt, lang) })}</Badge>
                  ) : u.hasPassword ? (
                    <Badge tone="success">{u.lastSeenAt ? t('staffLastSeen', { date: formatDateTime(u.lastSeenAt, lang) }) : t('active')}</Badge>
                  ) : (
                    <Badge tone="waiting">{t('staffInvited')}</Badge>
                  )}
                </p>
              </div>
              {u.disabledAt ? null : <UserActions base={base} user={u} onInvited={setInvited} />}
            </li>
          ))}
        </ul>
      )}
      <InviteForm base={base} onInvited={setInvited} />
    </Card>
  );
}

function LinkOnce({ invited, onDismiss }: { invited: Invited; onDismiss: () => void }) {
  const { t } = useConsole();
  return (
    <OnceCard
      shown={invited}
      level={3}
      title={t('inviteLinkTitle', { email: invited.email })}
      text={t('inviteLinkText')}
      testId="invite-once"
      dismissLabel={t('dismissLink')}
      onDismiss={onDismiss}
    >
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <CopyValue value={invited.link} testId="invite-link" className="text-xs" />
      </div>
    </OnceCard>
  );
}

function UserActions({ base, user, onInvited }: { base: string; user: StaffView; onInvited: (i: Invited) => void }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const [sent, setSent] = useState(false);
  const mutation = useMutation({
    mutationFn: (what: 'disable' | 'invitation' | 'password-reset') => consoleCall<Invited>('POST', `${base}/users/${user.id}/${what}`, words),
    onSuccess: (data, what) => {
      if (what === 'invitation') onInvited(data);
      if (what === 'password-reset') setSent(true);
      router.refresh();
    },
  });
  return (
    <div className="inline-flex flex-wrap justify-end gap-2">
      {user.hasPassword ? (
        <ConfirmButton
          label={t('sendReset')}
          accessibleName={`${t('sendReset')}: ${user.email}`}
          text={t('confirmSendReset', { email: user.email })}
          cancelLabel={t('cancel')}
          busy={mutation.isPending}
          onConfirm={() => mutation.mutate('password-reset')}
        />
      ) : (
        <Button size="sm" variant="secondary" disabled={mutation.isPending} onClick={() => mutation.mutate('invitation')} aria-label={`${t('inviteAgain')}: ${user.email}`}>
          {t('inviteAgain')}
        </Button>
      )}
      <ConfirmButton
        label={t('disable')}
        accessibleName={`${t('disable')}: ${user.email}`}
        text={t('confirmDisableUser', { email: user.email })}
        cancelLabel={t('cancel')}
        destructive
        busy={mutation.isPending}
        onConfirm={() => mutation.mutate('disable')}
      />
      <RequestFailed error={mutation.error} className="w-full text-left text-xs" />
      {sent ? (
        <p role="status" className="w-full text-left text-xs text-ink" data-testid="reset-sent">
          {t('resetSent', { email: user.email })}
        </p>
      ) : null}
    </div>
  );
}

function InviteForm({ base, onInvited }: { base: string; onInvited: (i: Invited) => void }) {
  const { t, lang, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (body: { email: string; name: string; lang: string }) => consoleCall<Invited>('POST', `${base}/users`, words, body),
    onSuccess: (data) => {
      onInvited(data);
      router.refresh();
    },
  });
  function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const formEl = e.currentTarget;
    const form = new FormData(formEl);
    const name = String(form.get('name') ?? '').trim();
    const email = String(form.get('email') ?? '').trim();
    if (!name || !email.includes('@')) return setProblem(t('inviteMissing'));
    setProblem(null);
    mutation.mutate({ name, email, lang: String(form.get('lang') ?? 'de') }, { onSuccess: () => formEl.reset() });
  }
  return (
    <form onSubmit={submit} noValidate className="space-y-3 border-t border-line pt-4" aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className="text-base font-semibold text-ink">
        {t('inviteTitle')}
      </h3>
      <div className="grid gap-3 sm:grid-cols-3">
        <Field id={`${ids}-name`} label={t('staffName')}>
          <Input id={`${ids}-name`} name="name" autoComplete="off" />
        </Field>
        <Field id={`${ids}-email`} label={t('staffEmail')}>
          <Input id={`${ids}-email`} name="email" type="email" autoComplete="off" />
        </Field>
        <Field id={`${ids}-lang`} label={t('staffLang')}>
          <NativeSelect id={`${ids}-lang`} name="lang" defaultValue={lang}>
            <option value="de">{t('german')}</option>
            <option value="en">{t('english')}</option>
          </NativeSelect>
        </Field>
      </div>
      <FieldError role="alert">{problem}</FieldError>
      <RequestFailed error={mutation.error} />
      <Button type="submit" variant="primary" disabled={mutation.isPending}>
        {mutation.isPending ? t('working') : t('inviteButton')}
      </Button>
    </form>
  );
}
