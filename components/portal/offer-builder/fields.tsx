'use client';

import type { ReactNode } from 'react';
import { Controller, get } from 'react-hook-form';
import { formatAmount, tidyAmount } from '@/lib/i18n/amount';
import type { TextKey } from '@/lib/portal/i18n';
import { berlinDay } from '@/lib/portal/browser/offer-form';
import type { RememberedAccessory, RememberedBicycle } from '@/lib/portal/product-memory';
import { DatePicker } from '@/components/ui/date-picker';
import { Input } from '@/components/ui/input';
import { SuggestField } from '@/components/ui/suggest-field';
import { CategoryPicker } from '../category-picker';
import { usePortal } from '../providers';
import { useBuilderFields } from './builder-context';
import { fieldId, type FieldMsg, type Name } from './form-rules';

// The builder's fields: each with its label (the screen reader's suffix, the required mark), its
// control and the message under it, wired by the ids fieldId() gives.

export function FieldMessage({ id, msg }: { id: string; msg: FieldMsg | null }) {
  if (!msg) return null;
  return (
    <p id={id} className={`mt-1 text-sm ${msg.kind === 'info' ? 'text-ink-muted' : msg.kind === 'warning' ? 'text-warning-900' : 'text-danger-700'}`} data-kind={msg.kind}>
      {msg.text}
    </p>
  );
}

type Aria = { 'aria-invalid'?: true; 'aria-describedby'?: string };
type LabelOptions = { required?: boolean; suffix?: string };

/** A field of the form: its label, the control `render` makes, its message. */
function Labelled({ name, label, options = {}, render }: { name: Name; label: TextKey; options?: LabelOptions; render: (id: string, aria: Aria) => ReactNode }) {
  const { t } = usePortal();
  const { messageFor } = useBuilderFields();
  const id = fieldId(name);
  const msg = messageFor(name);
  return (
    <div>
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-ink">
        {t(label)}
        {options.suffix ? <span className="sr-only">{options.suffix}</span> : null}
        {options.required ? <span aria-hidden="true"> *</span> : null}
      </label>
      {render(id, {
        'aria-invalid': msg && msg.kind !== 'info' && msg.kind !== 'warning' ? true : undefined,
        'aria-describedby': msg ? `${id}-msg` : undefined,
      })}
      <FieldMessage id={`${id}-msg`} msg={msg} />
    </div>
  );
}

type TextOptions = LabelOptions & {
  type?: string;
  inputMode?: 'decimal' | 'email' | 'text';
  autoComplete?: string;
  placeholder?: string;
  tidy?: (value: string) => string;
};

export function TextField({ name, label, options = {} }: { name: Name; label: TextKey; options?: TextOptions }) {
  const { form } = useBuilderFields();
  const { register, setValue } = form;
  return (
    <Labelled
      name={name}
      label={label}
      options={options}
      render={(id, aria) => (
        <Input
          id={id}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete ?? 'off'}
          placeholder={options.placeholder}
          aria-required={options.required || undefined}
          {...aria}
          className="mt-1"
          {...register(name, {
            onBlur: options.tidy
              ? (e: { target: { value: string } }) => {
                  const tidy = options.tidy!(e.target.value);
                  if (tidy !== e.target.value) setValue(name, tidy);
                }
              : undefined,
          })}
        />
      )}
    />
  );
}

/** An amount, rewritten the page's way once left (5.000 → 5.000,00); what cannot be read stays as typed. */
export function MoneyField({ name, label, suffix, required }: { name: Name; label: TextKey; suffix?: string; required?: boolean }) {
  const { lang } = usePortal();
  return (
    <TextField
      name={name}
      label={label}
      options={{ inputMode: 'decimal', suffix, required, placeholder: formatAmount(0, lang), tidy: (v) => tidyAmount(v, lang) }}
    />
  );
}

/** A brand or model field that suggests the dealer's remembered products (`found`); picking one fills the product. */
export function ProductSuggestField<P extends RememberedBicycle | RememberedAccessory>({
  name,
  label,
  found,
  take,
  options = {},
}: {
  name: Name;
  label: TextKey;
  found: P[];
  take: (p: P) => void;
  options?: LabelOptions;
}) {
  const { t } = usePortal();
  const { form, describe } = useBuilderFields();
  return (
    <Labelled
      name={name}
      label={label}
      options={options}
      render={(id, aria) => (
        <SuggestField
          id={id}
          labelledBy={`${id}-label`}
          className="mt-1"
          aria-required={options.required || undefined}
          {...aria}
          suggestions={found.map(describe)}
          onPick={(i) => take(found[i]!)}
          listLabel={t('suggestionsLabel')}
          statusText={t('suggestionsCount', { count: found.length })}
          {...form.register(name)}
        />
      )}
    />
  );
}

/** A category of the catalogue (bicycles or accessories), required. */
export function CategoryField({ name, label, kind, suffix }: { name: Name; label: TextKey; kind: 'bicycles' | 'accessories'; suffix?: string }) {
  const { t } = usePortal();
  const { form, messageFor, categories } = useBuilderFields();
  const id = fieldId(name);
  const msg = messageFor(name);
  return (
    <div>
      <Controller
        control={form.control}
        name={name}
        render={({ field: f }) => (
          <CategoryPicker
            id={id}
            label={t(label)}
            labelSuffix={suffix}
            required
            entries={categories.data?.data[kind]}
            kind={kind}
            loading={categories.isPending}
            failed={categories.isError}
            value={String(f.value ?? '')}
            onChange={(code) => {
              f.onChange(code);
              // Picking is the answer: check the field again at once, so a stale error goes.
              if (get(form.formState.errors, name)) void form.trigger(name);
            }}
            onBlur={f.onBlur}
            inputRef={f.ref}
            invalid={!!msg && msg.kind !== 'info'}
            describedBy={msg ? `${id}-msg` : undefined}
          />
        )}
      />
      <FieldMessage id={`${id}-msg`} msg={msg} />
    </div>
  );
}

export function DateField({ name, label }: { name: Name; label: TextKey }) {
  const { t, lang } = usePortal();
  const { form } = useBuilderFields();
  return (
    <Labelled
      name={name}
      label={label}
      render={(id, aria) => (
        <Controller
          control={form.control}
          name={name}
          render={({ field: f }) => (
            <DatePicker
              id={id}
              ref={f.ref}
              className="mt-1"
              locale={lang}
              value={String(f.value ?? '')}
              onChange={(day) => {
                f.onChange(day);
                if (get(form.formState.errors, name)) void form.trigger(name);
              }}
              onBlur={f.onBlur}
              min={berlinDay(new Date().toISOString())}
              {...aria}
              texts={{ placeholder: t('datePick'), clear: t('dateClear') }}
            />
          )}
        />
      )}
    />
  );
}

export function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-surface p-4" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}
