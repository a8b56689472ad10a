'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { Button } from '@/components/ui/button';
import { describedBy, Field, FieldError, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { consoleCall } from '@/lib/console/browser/client';
import { validationMessage } from '@/lib/i18n/words';
import { registerEmployeeSchema, type RegisterEmployeeBody } from '@/lib/console/schemas';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// Employers: create one, edit its category policy by ticking catalogue categories, register
// employees by e-mail. Each save goes to the console's endpoints, which record it.

export type CategoryOption = { code: string; parent: string | null; kind: 'bicycle' | 'accessory'; name: string; depth: number };

/** The policy as checkboxes over the catalogue tree; a ticked category covers everything below it. */
export function PolicyEditor({ employerId, categories, excluded }: { employerId: string; categories: CategoryOption[]; excluded: string[] }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const [chosen, setChosen] = useState(() => new Set(excluded));
  // Not remounted by the refresh after a save, so the confirmation stays visible.
  const [saved, setSaved] = useState(false);
  const parents = useMemo(() => new Map(categories.map((c) => [c.code, c.parent])), [categories]);
  const coveredBy = (code: string): string | null => {
    for (let p = parents.get(code) ?? null; p; p = parents.get(p) ?? null) if (chosen.has(p)) return p;
    return null;
  };
  const mutation = useMutation({
    mutationFn: (codes: string[]) => consoleCall<{ excludedCodes: string[] }>('PUT', `/api/console/employers/${employerId}/policy`, words, { excludedCodes: codes }),
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });
  const toggle = (code: string, on: boolean) => {
    setSaved(false);
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(code);
      else next.delete(code);
      return next;
    });
  };
  // Only what is not covered by a ticked parent is stored: the parent says it all.
  const codes = [...chosen].filter((c) => !coveredBy(c)).sort();
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        mutation.mutate(codes);
      }}
      className="space-y-4"
      data-testid="policy-editor"
    >
      <div className="grid gap-6 md:grid-cols-2">
        {(['bicycle', 'accessory'] as const).map((kind) => (
          <fieldset key={kind} className="min-w-0 rounded-card border border-line p-3">
            <legend className="px-1 text-sm font-semibold text-ink">{kind === 'bicycle' ? t('policyBicycles') : t('policyAccessories')}</legend>
            <ul className="max-h-96 space-y-1 overflow-y-auto pr-2">
              {categories
                .filter((c) => c.kind === kind)
                .map((c) => {
                  const cover = coveredBy(c.code);
                  const id = `policy-${c.code}`;
                  return (
                    <li key={c.code} style={{ paddingLeft: `${c.depth * 1.25}rem` }} className="flex items-center gap-2 text-sm">
                      <NativeCheckbox
                        id={id}
                        checked={chosen.has(c.code) || !!cover}
                        disabled={!!cover}
                        aria-describedby={cover ? `${id}-covered` : undefined}
                        onChange={(e) => toggle(c.code, e.target.checked)}
                      />
                      <Label htmlFor={id} className={cover ? 'font-normal text-ink-muted' : 'font-normal'}>
                        {c.name} <span className="font-mono text-xs text-ink-muted">{c.code}</span>
                      </Label>
                      {cover ? (
                        <span id={`${id}-covered`} className="sr-only">
                          {t('coveredByParent')}
                        </span>
                      ) : null}
                    </li>
                  );
                })}
            </ul>
          </fieldset>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('saving') : t('savePolicy')}
        </Button>
        <p aria-live="polite" className="text-sm text-ink">
          {saved ? t('policySaved') : ''}
        </p>
      </div>
      <RequestFailed error={mutation.error} />
    </form>
  );
}

export function RegisterEmployeeForm({ employerId }: { employerId: string }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<RegisterEmployeeBody, unknown, z.output<typeof registerEmployeeSchema>>({
    resolver: zodResolver(registerEmployeeSchema),
    defaultValues: { email: '', name: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: z.output<typeof registerEmployeeSchema>) =>
      consoleCall<{ email: string }>('POST', `/api/console/employers/${employerId}/employees`, words, body),
    onSuccess: (employee) => {
      setDone(employee.email);
      form.reset({ email: '', name: '' });
      router.refresh();
    },
  });
  const { errors } = form.formState;
  return (
    <form
      onSubmit={(e) => {
        setDone(null);
        void form.handleSubmit((body) => mutation.mutate(body))(e);
      }}
      noValidate
      className="grid items-end gap-3 sm:grid-cols-[minmax(0,2fr)_minmax(0,1fr)_auto]"
    >
      <Field
        id={`${ids}-email`}
        label={
          <>
            {t('employeeEmail')} <span aria-hidden="true">*</span>
          </>
        }
      >
        <Input
          id={`${ids}-email`}
          type="email"
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={describedBy(`${ids}-email`, undefined, errors.email)}
          {...form.register('email')}
        />
      </Field>
      <Field
        id={`${ids}-name`}
        label={
          <>
            {t('employeeName')} <span className="font-normal text-ink-muted">({t('optional')})</span>
          </>
        }
      >
        <Input id={`${ids}-name`} autoComplete="off" {...form.register('name')} />
      </Field>
      <Button type="submit" variant="primary" disabled={mutation.isPending}>
        {mutation.isPending ? t('saving') : t('registerEmployee')}
      </Button>
      <FieldError id={`${ids}-email-error`} className="sm:col-span-3">
        {errors.email ? validationMessage(errors.email.message, t) : null}
      </FieldError>
      <p aria-live="polite" className="text-sm text-ink sm:col-span-3">
        {done ? t('employeeRegistered', { email: done }) : ''}
      </p>
      <RequestFailed error={mutation.error} className="sm:col-span-3" />
    </form>
  );
}
