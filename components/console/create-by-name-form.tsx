'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId } from 'react';
import { useForm } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { describedBy, FieldError, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { consoleCall } from '@/lib/console/browser/client';
import { validationMessage } from '@/lib/i18n/words';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import { createByNameSchema, type CreateByNameBody } from '@/lib/console/schemas';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

/**
 * Creates a record that needs only a name (a dealer, an employer) through `endpoint`, then opens
 * it at `${detailPath}/{id}`.
 */
export function CreateByNameForm({ endpoint, detailPath, nameLabel, submitLabel }: { endpoint: string; detailPath: string; nameLabel: ConsoleTextKey; submitLabel: ConsoleTextKey }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const id = `${ids}-name`;
  const form = useForm<CreateByNameBody>({ resolver: zodResolver(createByNameSchema), defaultValues: { name: '' } });
  const mutation = useMutation({
    mutationFn: (body: CreateByNameBody) => consoleCall<{ id: string }>('POST', endpoint, words, body),
    onSuccess: (created) => router.push(`${detailPath}/${created.id}`),
  });
  const error = form.formState.errors.name;
  return (
    <form onSubmit={(e) => void form.handleSubmit((body) => mutation.mutate(body))(e)} noValidate className="grid gap-3 sm:grid-cols-[minmax(0,1fr)_auto] sm:items-end">
      <div className="min-w-0">
        <Label htmlFor={id}>
          {t(nameLabel)} <span aria-hidden="true">*</span>
        </Label>
        <Input id={id} className="mt-1" aria-required="true" aria-invalid={error ? true : undefined} aria-describedby={describedBy(id, undefined, error)} {...form.register('name')} />
      </div>
      <Button type="submit" variant="primary" disabled={mutation.isPending}>
        {mutation.isPending ? t('saving') : t(submitLabel)}
      </Button>
      <FieldError id={`${id}-error`} className="sm:col-span-2">
        {error ? validationMessage(error.message, t) : null}
      </FieldError>
      <RequestFailed error={mutation.error} className="sm:col-span-2" />
    </form>
  );
}
