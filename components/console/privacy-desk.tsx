'use client';

import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { DatePicker } from '@/components/ui/date-picker';
import { describedBy, Field, FieldError, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { consoleCall } from '@/lib/console/browser/client';
import { privacyEmailSchema, privacyRequestSchema } from '@/lib/console/schemas';
import { validationMessage } from '@/lib/i18n/words';
import { useConsole } from './providers';
import { AuditLog, type LoggedRequest } from './privacy-records';
import { FoundOfferCard, FoundTraces, type FoundOffer, type FoundTrace } from './privacy-found';
import { RequestFailed } from './request-failed';

// The data-protection page's desk (docs/privacy.md): find a customer by address, state their
// request, hand their data over (JSON, PDF) or erase it; below, the audit log. The address goes in
// request bodies only, never into the page's URL.

type Findings = { email: string; offers: FoundOffer[]; traces: FoundTrace[]; registrations: { employer: string }[] };

const berlinToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

export function PrivacyDesk({ log }: { log: LoggedRequest[] }) {
  const { t, lang, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const [email, setEmail] = useState('');
  const [emailError, setEmailError] = useState<string>();
  const [found, setFound] = useState<Findings>();
  const [request, setRequest] = useState({ requestDate: berlinToday(), reference: '' });
  const [requestErrors, setRequestErrors] = useState<Record<string, string>>({});
  const [done, setDone] = useState<string>();

  const search = useMutation({
    mutationFn: (address: string) => consoleCall<Omit<Findings, 'email'>>('POST', '/api/console/privacy', words, { email: address }),
    onSuccess: (data, address) => {
      setFound({ ...data, email: address });
      // The search is in the audit log.
      router.refresh();
    },
  });
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    const parsed = privacyEmailSchema.safeParse(email);
    setEmailError(parsed.success ? undefined : validationMessage(parsed.error.issues[0]?.message, t));
    setDone(undefined);
    if (parsed.success) search.mutate(parsed.data);
  };

  /** The request as stated, or nothing (its fields then say what is missing). */
  const checkedRequest = () => {
    const parsed = privacyRequestSchema.safeParse({ email: found?.email, ...request });
    const errors: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) errors[String(issue.path[0])] ??= validationMessage(issue.message, t);
    setRequestErrors(errors);
    return parsed.success ? parsed.data : undefined;
  };

  const exporter = useMutation({
    mutationFn: async (format: 'json' | 'pdf') => {
      const body = checkedRequest();
      if (!body) return false;
      const res = await fetch('/api/console/privacy/export', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'accept-language': lang },
        body: JSON.stringify({ ...body, format }),
        credentials: 'same-origin',
      });
      if (!res.ok) throw new ApiRequestError(res.status, ((await res.json().catch(() => null)) as { errors?: [] } | null)?.errors ?? []);
      const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? `spoke-data.${format}`;
      const url = URL.createObjectURL(await res.blob());
      const a = document.createElement('a');
      a.href = url;
      a.download = name;
      document.body.append(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(url), 10_000);
      return true;
    },
    onSuccess: (exported) => {
      if (!exported) return;
      setDone(t('privacyExported'));
      router.refresh();
    },
  });

  const eraser = useMutation({
    mutationFn: (body: NonNullable<ReturnType<typeof checkedRequest>>) =>
      consoleCall<{ anonymised: { offers: number }; restricted: { offers: number }; request: { records: number }; notice: string | null }>('POST', '/api/console/privacy/erasure', words, body),
    onSuccess: (result, body) => {
      setDone([t('privacyErased', { anonymised: result.anonymised.offers, restricted: result.restricted.offers, records: result.request.records }), result.notice].filter(Boolean).join(' '));
      search.mutate(body.email);
      router.refresh();
    },
  });

  const offers = found?.offers ?? [];
  const traces = found?.traces ?? [];
  const toAnonymise = offers.filter((o) => o.erasure === 'anonymise').length;
  const toRestrict = offers.filter((o) => o.erasure === 'restrict').length;
  const busy = exporter.isPending || eraser.isPending;
  const emailId = `${ids}-email`;
  const dateId = `${ids}-date`;
  const referenceId = `${ids}-reference`;

  return (
    <div className="space-y-section">
      <Card>
        <form onSubmit={onSearch} noValidate role="search" className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
          <div className="min-w-0">
            <Label htmlFor={emailId}>{t('privacySearchLabel')}</Label>
            <Input
              id={emailId}
              type="email"
              autoComplete="off"
              className="mt-1"
              value={email}
              onChange={(e) => setEmail(e.target.value)}
              aria-invalid={emailError ? true : undefined}
              aria-describedby={describedBy(emailId, undefined, emailError)}
            />
          </div>
          <Button type="submit" variant="primary" disabled={search.isPending}>
            {search.isPending ? t('privacySearching') : t('privacySearch')}
          </Button>
          <FieldError id={`${emailId}-error`} className="sm:col-span-2">
            {emailError}
          </FieldError>
          <RequestFailed error={search.error} className="sm:col-span-2" />
        </form>
      </Card>

      <div aria-live="polite" className="space-y-section">
        {done ? (
          <Notice role="status" tone="neutral" data-testid="privacy-done">
            {done}
          </Notice>
        ) : null}
        {found ? (
          <section aria-labelledby={`${ids}-found`} className="space-y-3" data-testid="privacy-found">
            <h2 id={`${ids}-found`} className="break-words text-lg font-semibold text-ink">
              {offers.length === 0 && traces.length === 0 && found.registrations.length === 0 ? t('privacyNothing', { email: found.email }) : t('privacyFound', { count: offers.length, email: found.email })}
            </h2>
            {found.registrations.length > 0 ? (
              <p className="text-sm text-ink">{t('privacyRegistered', { employers: found.registrations.map((r) => r.employer).join(', ') })}</p>
            ) : null}
            <ul className="space-y-3">
              {offers.map((o) => (
                <li key={o.id}>
                  <FoundOfferCard offer={o} />
                </li>
              ))}
            </ul>
            <FoundTraces traces={traces} />
          </section>
        ) : null}
      </div>

      {found && (offers.length > 0 || traces.length > 0 || found.registrations.length > 0) ? (
        <Card>
          <CardHeader title={t('privacyRequestTitle')} description={t('privacyRequestIntro')} />
          <div className="mt-3 grid gap-3 sm:grid-cols-2">
            <Field id={dateId} label={t('privacyRequestDate')} error={requestErrors.requestDate}>
              <DatePicker
                id={dateId}
                locale={lang}
                value={request.requestDate}
                onChange={(day) => setRequest({ ...request, requestDate: day })}
                aria-invalid={requestErrors.requestDate ? true : undefined}
                aria-describedby={describedBy(dateId, undefined, requestErrors.requestDate)}
                texts={{ placeholder: t('datePick'), clear: t('dateClear') }}
              />
            </Field>
            <Field id={referenceId} label={t('privacyReference')} hint={t('privacyReferenceHint')} error={requestErrors.reference}>
              <Input
                id={referenceId}
                value={request.reference}
                maxLength={100}
                onChange={(e) => setRequest({ ...request, reference: e.target.value })}
                aria-invalid={requestErrors.reference ? true : undefined}
                aria-describedby={describedBy(referenceId, true, requestErrors.reference)}
              />
            </Field>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <Button onClick={() => exporter.mutate('json')} disabled={busy}>
              {t('privacyExportJson')}
            </Button>
            <Button onClick={() => exporter.mutate('pdf')} disabled={busy}>
              {t('privacyExportPdf')}
            </Button>
            <AlertDialog
              trigger={
                <Button variant="danger" disabled={busy}>
                  {t('privacyErase')}
                </Button>
              }
              title={t('privacyEraseTitle', { email: found.email })}
              description={t('privacyEraseText', { anonymise: toAnonymise, restrict: toRestrict })}
              cancelLabel={t('cancel')}
              confirmLabel={t('privacyErase')}
              destructive
              busy={eraser.isPending}
              onConfirm={() => {
                const body = checkedRequest();
                if (body) eraser.mutate(body);
                return true;
              }}
            />
          </div>
          <RequestFailed error={exporter.error ?? eraser.error} className="mt-3" />
        </Card>
      ) : null}

      <AuditLog log={log} />
    </div>
  );
}
