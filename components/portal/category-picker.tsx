'use client';

import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type Ref } from 'react';
import type { CategoryEntry } from '@/lib/portal/api';
import { usePortal } from './providers';

// A searchable category picker (ARIA combobox with a grouped listbox): type to filter by name,
// category path or code; arrow keys move, Enter picks, Escape closes.

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

function matches(e: CategoryEntry, terms: string[]): boolean {
  const hay = `${e.name} ${e.categoryPath.join(' ')} ${e.bidexCode}`.toLowerCase();
  return terms.every((t) => hay.includes(t));
}

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
  const listId = `${autoId}-list`;
  const chosenId = `${autoId}-chosen`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const listRef = useRef<HTMLDivElement>(null);

  const chosen = entries?.find((e) => e.bidexCode === value);
  const chosenLabel = chosen ? `${chosen.name} (${chosen.bidexCode})` : value;

  const filtered = useMemo(() => {
    const terms = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    return (entries ?? []).filter((e) => matches(e, terms));
  }, [entries, query]);

  const groups = useMemo(() => {
    const out: { name: string; items: { entry: CategoryEntry; index: number }[] }[] = [];
    filtered.forEach((entry, index) => {
      const name = groupOf(entry);
      const last = out[out.length - 1];
      if (last && last.name === name) last.items.push({ entry, index });
      else out.push({ name, items: [{ entry, index }] });
    });
    return out;
  }, [filtered]);

  const optionId = (i: number) => `${autoId}-opt-${i}`;
  const activeIndex = Math.min(active, Math.max(0, filtered.length - 1));

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[id="${optionId(activeIndex)}"]`)?.scrollIntoView({ block: 'nearest' });
    // optionId only depends on autoId
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open, activeIndex]);

  function openList() {
    if (!open) {
      const current = filtered.findIndex((e) => e.bidexCode === value);
      setActive(current >= 0 ? current : 0);
      setOpen(true);
    }
  }

  function close() {
    setOpen(false);
    setQuery(null);
  }

  function pick(entry: CategoryEntry) {
    onChange(entry.bidexCode);
    close();
  }

  function onKeyDown(e: KeyboardEvent<HTMLInputElement>) {
    switch (e.key) {
      case 'ArrowDown':
        e.preventDefault();
        if (!open) openList();
        else setActive(Math.min(activeIndex + 1, filtered.length - 1));
        break;
      case 'ArrowUp':
        e.preventDefault();
        if (open) setActive(Math.max(activeIndex - 1, 0));
        break;
      case 'Home':
        if (open) {
          e.preventDefault();
          setActive(0);
        }
        break;
      case 'End':
        if (open) {
          e.preventDefault();
          setActive(filtered.length - 1);
        }
        break;
      case 'Enter':
        if (open) {
          e.preventDefault();
          const entry = filtered[activeIndex];
          if (entry) pick(entry);
        }
        break;
      case 'Escape':
        if (open) {
          e.preventDefault();
          close();
        }
        break;
      case 'Tab':
        close();
        break;
    }
  }

  const unknown = value !== '' && entries !== undefined && !chosen;
  const describedByIds = [chosenId, describedBy].filter(Boolean).join(' ');

  return (
    <div className="relative">
      <label htmlFor={inputId} className="block text-sm font-medium text-slate-800">
        {label}
        {labelSuffix ? <span className="sr-only">{labelSuffix}</span> : null}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <div className="mt-1 flex">
        <input
          id={inputId}
          ref={inputRef}
          type="text"
          role="combobox"
          autoComplete="off"
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && filtered[activeIndex] ? optionId(activeIndex) : undefined}
          aria-required={required || undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedByIds}
          placeholder={t('pickerPlaceholder')}
          value={query ?? chosenLabel}
          onFocus={(e) => e.currentTarget.select()}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(0);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
          className={`block w-full rounded-l-md border px-2 py-1.5 text-sm ${invalid ? 'border-red-600' : 'border-slate-400'}`}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={`${label}${labelSuffix ?? ''}: ${t('pickerCount', { count: entries?.length ?? 0 })}`}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              (document.getElementById(inputId) as HTMLInputElement | null)?.focus();
              openList();
            }
          }}
          className="rounded-r-md border border-l-0 border-slate-400 bg-slate-50 px-2 text-slate-700"
        >
          <span aria-hidden="true">▾</span>
        </button>
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={`${label}${labelSuffix ?? ''}`}
        hidden={!open || filtered.length === 0}
        className="absolute z-20 mt-1 max-h-80 w-full min-w-72 overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {groups.map((g) => (
          <div key={g.name} role="group" aria-label={g.name}>
            <div aria-hidden="true" className="sticky top-0 bg-slate-100 px-2 py-1 text-xs font-semibold text-slate-700">
              {g.name}
            </div>
            {g.items.map(({ entry, index }) => (
              <div
                key={entry.bidexCode}
                id={optionId(index)}
                role="option"
                aria-selected={entry.bidexCode === value}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(entry)}
                onMouseMove={() => index !== activeIndex && setActive(index)}
                className={`flex cursor-pointer items-center justify-between gap-2 px-3 py-1.5 text-sm ${
                  index === activeIndex ? 'bg-brand-100 text-brand-900' : 'text-slate-800'
                } ${entry.bidexCode === value ? 'font-semibold' : ''}`}
              >
                <span>
                  {entry.name} <span className="text-xs text-slate-600">{entry.bidexCode}</span>
                </span>
                {entry.SpokeExtension ? (
                  <span className="rounded bg-brand-50 px-1.5 py-0.5 text-xs font-medium text-brand-900 ring-1 ring-brand-600/30">
                    {t('spokeExtension')}
                  </span>
                ) : null}
              </div>
            ))}
          </div>
        ))}
      </div>
      {open && filtered.length === 0 ? (
        <div role="status" className="absolute z-20 mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-600 shadow-lg">
          {loading ? t('pickerLoading') : t('pickerNoMatch')}
        </div>
      ) : null}
      <p id={chosenId} className="mt-1 text-xs text-slate-600">
        {loading ? t('pickerLoading') : failed ? t('pickerError') : chosen ? (
          <>
            {chosen.categoryPath.join(' › ')}
            {chosen.SpokeExtension ? ` · ${t('spokeExtension')}` : ''}
          </>
        ) : unknown ? (
          <span className="text-red-800">{t('pickerUnknown', { code: value })}</span>
        ) : (
          t('pickerNone')
        )}
      </p>
    </div>
  );
}
