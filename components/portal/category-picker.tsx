'use client';

import { useId, useMemo, type Ref } from 'react';
import { Badge } from '@/components/ui/badge';
import { Combobox, type ComboboxOption } from '@/components/ui/combobox';
import { Label } from '@/components/ui/field';
import type { CategoryEntry } from '@/lib/portal/browser/api';
import { usePortal } from './providers';

// The category picker: the kit's Combobox over the category catalogue, grouped by the first two
// levels of the category path; opens on focus or click, typing filters by name, path or code.

type Props = {
  id?: string;
  label: string;
  /** Visually hidden context of the label, e.g. " (Accessory 2)". */
  labelSuffix?: string;
  entries: readonly CategoryEntry[] | undefined;
  loading?: boolean;
  failed?: boolean;
  value: string;
  onChange: (code: string) => void;
  onBlur?: () => void;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
};

const groupOf = (e: CategoryEntry) => e.categoryPath.slice(0, Math.min(2, e.categoryPath.length)).join(' › ');

export function CategoryPicker({
  id,
  label,
  labelSuffix,
  entries,
  loading,
  failed,
  value,
  onChange,
  onBlur,
  inputRef,
  required,
  invalid,
  describedBy,
}: Props) {
  const { t } = usePortal();
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const chosenId = `${autoId}-chosen`;
  const options = useMemo<ComboboxOption[]>(
    () =>
      (entries ?? []).map((e) => ({
        value: e.bidexCode,
        label: `${e.name} (${e.bidexCode})`,
        group: groupOf(e),
        keywords: e.categoryPath.join(' '),
        badge: e.SpokeExtension ? <Badge tone="brand">{t('spokeExtension')}</Badge> : undefined,
      })),
    [entries, t],
  );
  const chosen = entries?.find((e) => e.bidexCode === value);
  const unknown = value !== '' && entries !== undefined && !chosen;
  const name = `${label}${labelSuffix ?? ''}`;
  return (
    <div>
      <Label htmlFor={inputId}>
        {label}
        {labelSuffix ? <span className="sr-only">{labelSuffix}</span> : null}
        {required ? <span aria-hidden="true"> *</span> : null}
      </Label>
      <Combobox
        id={inputId}
        className="mt-1"
        label={name}
        options={options}
        value={value}
        onChange={onChange}
        onBlur={onBlur}
        inputRef={inputRef}
        required={required}
        invalid={invalid}
        loading={loading}
        describedBy={[chosenId, describedBy].filter(Boolean).join(' ')}
        texts={{
          placeholder: t('pickerPlaceholder'),
          noMatch: t('pickerNoMatch'),
          loading: t('pickerLoading'),
          toggle: `${name}: ${t('pickerCount', { count: entries?.length ?? 0 })}`,
        }}
      />
      <p id={chosenId} className="mt-1 text-xs text-ink-muted">
        {loading ? t('pickerLoading') : failed ? t('pickerError') : chosen ? (
          <>
            {chosen.categoryPath.join(' › ')}
            {chosen.SpokeExtension ? ` · ${t('spokeExtension')}` : ''}
          </>
        ) : unknown ? (
          <span className="text-danger-700">{t('pickerUnknown', { code: value })}</span>
        ) : (
          t('pickerNone')
        )}
      </p>
    </div>
  );
}
