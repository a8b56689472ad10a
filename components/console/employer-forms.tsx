'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import { consoleCall, messageOf } from '@/lib/console/client';
import { validationMessage } from '@/lib/console/i18n';
import { registerEmployeeSchema, type RegisterEmployeeBody } from '@/lib/console/schemas';
import { useConsole } from './providers';
import { primary, input, label } from './styles';

// Employers: create one, edit its category policy by ticking catalogue categories, register
// employees by e-mail. Each save goes to the console's endpoints, which record it.

export type CategoryOption = { code: string; parent: string | null; kind: 'bicycle' | 'accessory'; name: string; depth: number };

/** The policy as checkboxes over the catalogue tree; a ticked category covers everything below it. */
export function PolicyEditor({ employerId, categories, excluded }: { employerId: string; categories: CategoryOption[]; excluded: string[] }) {
  const { t, lang } = useConsole();
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
    mutationFn: (codes: string[]) => consoleCall<{ excludedCodes: string[] }>('PUT', `/api/console/employers/${employerId}/policy`, lang, { excludedCodes: codes }),
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
          <fieldset key={kind} className="rounded-md border border-slate-200 p-3">
            <legend className="px-1 text-sm font-semibold">{kind === 'bicycle' ? t('policyBicycles') : t('policyAccessories')}</legend>
            <ul className="max-h-96 space-y-1 overflow-y-auto pr-2">
              {categories
                .filter((c) => c.kind === kind)
                .map((c) => {
                  const cover = coveredBy(c.code);
                  const id = `policy-${c.code}`;
                  return (
                    <li key={c.code} style={{ paddingLeft: `${c.depth * 1.25}rem` }} className="flex items-center gap-2 text-sm">
                      <input
                        id={id}
                        type="checkbox"
                        className="size-4"
                        checked={chosen.has(c.code) || !!cover}
                        disabled={!!cover}
                        aria-describedby={cover ? `${id}-covered` : undefined}
                        onChange={(e) => toggle(c.code, e.target.checked)}
                      />
                      <label htmlFor={id} className={cover ? 'text-slate-700' : 'text-slate-900'}>
                        {c.name} <span className="font-mono text-xs text-slate-600">{c.code}</span>
                      </label>
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
        <button type="submit" className={primary} disabled={mutation.isPending}>
          {mutation.isPending ? t('saving') : t('savePolicy')}
        </button>
        <p aria-live="polite" className="text-sm">
          {saved ? t('policySaved') : ''}
        </p>
      </div>
      {mutation.error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t('requestFailed', { message: messageOf(mutation.error) })}
        </p>
      ) : null}
    </form>
  );
}

export function RegisterEmployeeForm({ employerId }: { employerId: string }) {
  const { t, lang } = useConsole();
  const router = useRouter();
  const ids = useId();
  const [done, setDone] = useState<string | null>(null);
  const form = useForm<RegisterEmployeeBody, unknown, z.output<typeof registerEmployeeSchema>>({
    resolver: zodResolver(registerEmployeeSchema),
    defaultValues: { email: '', name: '' },
  });
  const mutation = useMutation({
    mutationFn: (body: z.output<typeof registerEmployeeSchema>) =>
      consoleCall<{ email: string }>('POST', `/api/console/employers/${employerId}/employees`, lang, body),
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
      className="grid items-end gap-3 sm:grid-cols-[2fr_1fr_auto]"
    >
      <div>
        <label htmlFor={`${ids}-email`} className={label}>
          {t('employeeEmail')} <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${ids}-email`}
          type="email"
          autoComplete="off"
          aria-required="true"
          aria-invalid={errors.email ? true : undefined}
          aria-describedby={errors.email ? `${ids}-email-error` : undefined}
          className={input}
          {...form.register('email')}
        />
      </div>
      <div>
        <label htmlFor={`${ids}-name`} className={label}>
          {t('employeeName')} <span className="font-normal text-slate-600">({t('optional')})</span>
        </label>
        <input id={`${ids}-name`} autoComplete="off" className={input} {...form.register('name')} />
      </div>
      <button type="submit" className={primary} disabled={mutation.isPending}>
        {mutation.isPending ? t('saving') : t('registerEmployee')}
      </button>
      {errors.email ? (
        <p id={`${ids}-email-error`} className="text-sm text-red-900 sm:col-span-3">
          {validationMessage(errors.email.message, t)}
        </p>
      ) : null}
      <p aria-live="polite" className="text-sm sm:col-span-3">
        {done ? t('employeeRegistered', { email: done }) : ''}
      </p>
      {mutation.error ? (
        <p role="alert" className="rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900 sm:col-span-3">
          {t('requestFailed', { message: messageOf(mutation.error) })}
        </p>
      ) : null}
    </form>
  );
}
