import Link from 'next/link';
import type { ReactNode } from 'react';
import { Button, buttonVariants } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { Notice } from '@/components/ui/notice';
import { errorCodeLabel, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';
import { LiveFilterForm } from './pending-scope';

// The filters of the console's queues: a GET form in a card (the URL is the state), a note when
// a parameter was not understood, the fields, "apply" and "reset". Inside a PendingScope a chosen
// value applies at once and the list beside it shows that it is loading.

export function FilterPanel({
  heading,
  invalid,
  action,
  applyLabel,
  resetHref,
  resetLabel,
  children,
}: {
  heading: string;
  /** The words for the parameters that were not understood, if any. */
  invalid?: string;
  action: string;
  applyLabel: string;
  /** Left out: no way to reset (nothing filtered). */
  resetHref?: string;
  resetLabel: string;
  children: ReactNode;
}) {
  return (
    <Card aria-labelledby="filters-heading">
      <h2 id="filters-heading" className="sr-only">
        {heading}
      </h2>
      {invalid ? (
        <Notice role="alert" tone="warning" className="mb-3">
          {invalid}
        </Notice>
      ) : null}
      <LiveFilterForm action={action} className="grid items-end gap-4 sm:grid-cols-2 lg:grid-cols-6">
        {children}
        <div className="flex flex-wrap items-center gap-4 sm:col-span-2 lg:col-span-6">
          <Button type="submit" variant="primary">
            {applyLabel}
          </Button>
          {resetHref ? (
            <Link href={resetHref} className={buttonVariants({ variant: 'link' })}>
              {resetLabel}
            </Link>
          ) : null}
        </div>
      </LiveFilterForm>
    </Card>
  );
}

/**
 * The note over the filters when some were not understood: each named by its field's label (the
 * query string's own names, `from` or `age`, mean nothing to the reader), once.
 */
export function invalidFiltersNote(invalid: string[], labels: Record<string, string>, t: ConsoleTranslate): string | undefined {
  if (invalid.length === 0) return undefined;
  return t('invalidFilters', { fields: [...new Set(invalid.map((key) => labels[key] ?? key))].join(', ') });
}

/** The filter fields both queues have: the error code (in words), the dealer and the environment. */
export function CodeField({ codes, value, lang, t, className }: { codes: string[]; value?: string; lang: Lang; t: ConsoleTranslate; className?: string }) {
  return (
    <Field id="filter-code" label={t('filterCode')} className={className}>
      <NativeSelect id="filter-code" name="code" defaultValue={value ?? ''}>
        <option value="">{t('all')}</option>
        {codes.map((c) => (
          <option key={c} value={c}>
            {errorCodeLabel(c, lang)}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

export function DealerField({ dealers, value, t }: { dealers: { id: string; name: string }[]; value?: string; t: ConsoleTranslate }) {
  return (
    <Field id="filter-dealer" label={t('dealer')}>
      <NativeSelect id="filter-dealer" name="dealer" defaultValue={value ?? ''}>
        <option value="">{t('all')}</option>
        {dealers.map((d) => (
          <option key={d.id} value={d.id}>
            {d.name}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
}

/** The environment filter of a queue that lists production unless asked otherwise (no value); `all` is both. */
export function EnvironmentField({ value, t }: { value?: string; t: ConsoleTranslate }) {
  return (
    <Field id="filter-environment" label={t('environment')}>
      <NativeSelect id="filter-environment" name="environment" defaultValue={value === 'production' ? '' : (value ?? '')}>
        <option value="">{t('production')}</option>
        <option value="sandbox">{t('sandbox')}</option>
        <option value="all">{t('all')}</option>
      </NativeSelect>
    </Field>
  );
}
