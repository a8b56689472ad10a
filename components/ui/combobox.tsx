'use client';

import { ChevronDown } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type ReactNode, type Ref } from 'react';
import { cn } from './cn';
import { controlFrame } from './field';

// A searchable choice from a long grouped list (ARIA 1.2 combobox with a grouped listbox): opens
// with the full list on focus or click, typing filters by label and keywords and highlights the
// best match (the option whose name has the typed words: "Kindersitz h" → "Kindersitz hinten", not
// its group "Kindersitze", found by its path), arrow keys move, Enter picks the highlighted option,
// Escape closes. The texts come from the caller's catalogue.

export type ComboboxOption = {
  value: string;
  label: string;
  /** Heading of the group the option is listed under. */
  group?: string;
  /** Further words the filter matches (a code, a path). */
  keywords?: string;
  /** Small text after the label. */
  detail?: ReactNode;
  /** Small mark at the end of the row. */
  badge?: ReactNode;
};

export type ComboboxTexts = {
  placeholder: string;
  /** What an empty result says; given the typed text, it may say what there is instead. */
  noMatch: string | ((typed: string) => ReactNode);
  loading: string;
  /** Label of the open/close button, e.g. "Category: 120 entries". */
  toggle: string;
};

function matches(o: ComboboxOption, terms: string[]): boolean {
  const hay = `${o.label} ${o.group ?? ''} ${o.keywords ?? ''}`.toLowerCase();
  return terms.every((t) => hay.includes(t));
}

/** How well the typed terms name the option: a word of its label starting with a term counts most, a term inside its label less, one found only in its group or keywords not at all. */
export function matchScore(o: ComboboxOption, terms: string[]): number {
  const label = o.label.toLowerCase();
  const words = label.split(/[^\p{L}\p{N}]+/u);
  return terms.reduce((sum, t) => sum + (words.some((w) => w.startsWith(t)) ? 3 : label.includes(t) ? 2 : 0), 0);
}

/** The index of the best-named option of `filtered` (the first of equals). */
export function bestMatch(filtered: readonly ComboboxOption[], terms: string[]): number {
  let best = 0;
  let top = -1;
  filtered.forEach((o, i) => {
    const score = matchScore(o, terms);
    if (score > top) [best, top] = [i, score];
  });
  return best;
}

export function Combobox({
  id,
  label,
  options,
  value,
  onChange,
  onBlur,
  texts,
  loading,
  inputRef,
  required,
  invalid,
  describedBy,
  className,
}: {
  id?: string;
  /** The accessible name of the list (the control is named by its <label htmlFor>). */
  label: string;
  options: readonly ComboboxOption[];
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  texts: ComboboxTexts;
  loading?: boolean;
  inputRef?: Ref<HTMLInputElement>;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  className?: string;
}) {
  const autoId = useId();
  const inputId = id ?? `${autoId}-input`;
  const listId = `${autoId}-list`;
  const [open, setOpen] = useState(false);
  const [query, setQuery] = useState<string | null>(null);
  // The highlighted option: its index, or null for the best match of what is typed.
  const [active, setActive] = useState<number | null>(0);
  const listRef = useRef<HTMLDivElement>(null);

  const chosen = options.find((o) => o.value === value);
  const { filtered, best } = useMemo(() => {
    const terms = (query ?? '').toLowerCase().split(/\s+/).filter(Boolean);
    const found = options.filter((o) => matches(o, terms));
    return { filtered: found, best: bestMatch(found, terms) };
  }, [options, query]);
  const groups = useMemo(() => {
    const out: { name: string; items: { option: ComboboxOption; index: number }[] }[] = [];
    filtered.forEach((option, index) => {
      const name = option.group ?? '';
      const last = out[out.length - 1];
      if (last && last.name === name) last.items.push({ option, index });
      else out.push({ name, items: [{ option, index }] });
    });
    return out;
  }, [filtered]);

  const optionId = (i: number) => `${autoId}-opt-${i}`;
  const activeIndex = Math.min(active ?? best, Math.max(0, filtered.length - 1));

  useEffect(() => {
    if (!open) return;
    listRef.current?.querySelector(`[id="${autoId}-opt-${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [open, activeIndex, autoId]);

  function openList() {
    if (open) return;
    const current = options.findIndex((o) => o.value === value);
    setActive(current >= 0 ? current : 0);
    setOpen(true);
  }
  function close() {
    setOpen(false);
    setQuery(null);
  }
  function pick(option: ComboboxOption) {
    onChange(option.value);
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
      case 'End':
        if (open) {
          e.preventDefault();
          setActive(e.key === 'Home' ? 0 : filtered.length - 1);
        }
        break;
      case 'Enter':
        if (open) {
          e.preventDefault();
          const option = filtered[activeIndex];
          if (option) pick(option);
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

  return (
    <div className={cn('relative', className)}>
      <div className="flex">
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
          aria-describedby={describedBy}
          placeholder={texts.placeholder}
          value={query ?? chosen?.label ?? value}
          onFocus={(e) => {
            e.currentTarget.select();
            openList();
          }}
          onClick={openList}
          onChange={(e) => {
            setQuery(e.target.value);
            setActive(null);
            setOpen(true);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => {
            close();
            onBlur?.();
          }}
          className={cn(controlFrame, 'h-control rounded-r-none')}
        />
        <button
          type="button"
          tabIndex={-1}
          aria-label={texts.toggle}
          onMouseDown={(e) => e.preventDefault()}
          onClick={() => {
            if (open) close();
            else {
              (document.getElementById(inputId) as HTMLInputElement | null)?.focus();
              openList();
            }
          }}
          className="rounded-r-control border border-l-0 border-line-strong bg-canvas px-2 text-ink-muted"
        >
          <ChevronDown aria-hidden="true" className="size-4" />
        </button>
      </div>
      <div
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!open || filtered.length === 0}
        className="absolute z-30 mt-1 max-h-80 w-full min-w-[min(18rem,calc(100vw-2rem))] overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-lg"
      >
        {groups.map((g) => (
          <div key={g.name || '-'} role="group" aria-label={g.name || label}>
            {g.name ? (
              <div aria-hidden="true" className="sticky top-0 bg-canvas px-2 py-1 text-xs font-semibold text-ink-muted">
                {g.name}
              </div>
            ) : null}
            {g.items.map(({ option, index }) => (
              <div
                key={option.value}
                id={optionId(index)}
                role="option"
                aria-selected={option.value === value}
                onMouseDown={(e) => e.preventDefault()}
                onClick={() => pick(option)}
                onMouseMove={() => index !== activeIndex && setActive(index)}
                className={cn(
                  'flex cursor-pointer items-center justify-between gap-2 px-3 py-1.5 text-sm text-ink',
                  index === activeIndex && 'bg-brand-100 text-brand-900',
                  option.value === value && 'font-semibold',
                )}
              >
                <span className="min-w-0">
                  {option.label} {option.detail ? <span className="text-xs text-ink-muted">{option.detail}</span> : null}
                </span>
                {option.badge}
              </div>
            ))}
          </div>
        ))}
      </div>
      {open && filtered.length === 0 ? (
        <div role="status" className="absolute z-30 mt-1 w-full rounded-control border border-line bg-surface px-3 py-2 text-sm text-ink-muted shadow-lg">
          {loading ? texts.loading : typeof texts.noMatch === 'function' ? texts.noMatch((query ?? '').trim()) : texts.noMatch}
        </div>
      ) : null}
    </div>
  );
}
