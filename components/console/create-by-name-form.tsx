'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { consoleCall, messageOf } from '@/lib/console/client';
import { validationMessage, type ConsoleTextKey } from '@/lib/console/i18n';
import { createByNameSchema, type CreateByNameBody } from '@/lib/console/schemas';
import { useConsole } from './providers';
import { input, label, primary } from './styles';

/**
 * Creates a record that needs only a name (a dealer, an employer) through `endpoint`, then opens
 * it at `${detailPath}/{id}`.
 */
export function CreateByNameForm({ endpoint, detailPath, nameLabel, submitLabel }: { endpoint: string; detailPath: string; nameLabel: ConsoleTextKey; submitLabel: ConsoleTextKey }) {
  const { t, lang } = useConsole();
  const router = useRouter();
  const ids = useId();
  const form = useForm<CreateByNameBody>({ resolver: zodResolver(createByNameSchema), defaultValues: { name: '' } });
  const mutation = useMutation({
    mutationFn: (body: CreateByNameBody) => consoleCall<{ id: string }>('POST', endpoint, lang, body),
    onSuccess: (created) => router.push(`${detailPath}/${created.id}`),
  });
  const error = form.formState.errors.name;
  return (
    <form onSubmit={(e) => void form.handleSubmit((body) => mutation.mutate(body))(e)} noValidate className="flex flex-wrap items-end gap-3">
      <div className="min-w-64 flex-1">
        <label htmlFor={`${ids}-name`} className={label}>
          {t(nameLabel)} <span aria-hidden="true">*</span>
        </label>
        <input
          id={`${ids}-name`}
          aria-required="true"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${ids}-error` : undefined}
          className={input}
          {...form.register('name')}
        />
      </div>
      <button type="submit" className={primary} disabled={mutation.isPending}>
        {mutation.isPending ? t('saving') : t(submitLabel)}
      </button>
      {error ? (
        <p id={`${ids}-error`} className="w-full text-sm text-red-900">
          {validationMessage(error.message, t)}
        </p>
      ) : null}
      {mutation.error ? (
        <p role="alert" className="w-full rounded-md border border-red-300 bg-red-50 px-3 py-2 text-sm text-red-900">
          {t('requestFailed', { message: messageOf(mutation.error) })}
        </p>
      ) : null}
    </form>
  );
}
