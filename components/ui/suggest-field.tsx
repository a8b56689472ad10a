'use client';

import { useEffect, useId, useRef, useState, type ComponentProps, type KeyboardEvent } from 'react';
import { cn } from './cn';
import { controlFrame } from './field';

// A free text field that suggests entries while typing (ARIA 1.1 combobox: a combobox around the
// text field, which stays a textbox, owning a listbox of suggestions). Typing opens the list;
// arrow keys move through it, Enter takes the highlighted suggestion, Escape and Tab close it; a
// click or tap takes one. Nothing is highlighted until an arrow key is pressed, so Enter keeps
// its usual meaning while the person only types. The list sits in the page's flow under the field
// (it pushes what follows down instead of covering it).

export type Suggestion = {
  /** The suggestion's main line. */
  label: string;
  /** Its second line (smaller). */
  detail?: string;
};

export function SuggestField({
  suggestions,
  onPick,
  listLabel,
  labelledBy,
  statusText,
  className,
  onChange,
  onBlur,
  onKeyDown,
  ...input
}: Omit<ComponentProps<'input'>, 'role'> & {
  suggestions: readonly Suggestion[];
  /** Takes the suggestion at `index` of `suggestions`. */
  onPick: (index: number) => void;
  /** The accessible name of the list. */
  listLabel: string;
  /** The id of the field's visible label (names the combobox). */
  labelledBy: string;
  /** What a screen reader is told while the list is open, e.g. "3 suggestions". */
  statusText?: string;
}) {
  const autoId = useId();
  const listId = `${autoId}-list`;
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const expanded = open && suggestions.length > 0;
  const activeIndex = expanded && active < suggestions.length ? active : -1;
  const optionId = (i: number) => `${autoId}-opt-${i}`;
  const listRef = useRef<HTMLUListElement>(null);

  // An opened list is scrolled into sight (on a phone it opens under the fold, behind the page's
  // sticky footer: its scroll margin keeps it clear); the highlighted option within the list.
  useEffect(() => {
    if (expanded) listRef.current?.scrollIntoView({ block: 'nearest' });
  }, [expanded]);
  useEffect(() => {
    if (activeIndex >= 0) listRef.current?.querySelector(`[id="${autoId}-opt-${activeIndex}"]`)?.scrollIntoView({ block: 'nearest' });
  }, [activeIndex, autoId]);

  function close() {
    setOpen(false);
    setActive(-1);
  }
  function pick(index: number) {
    onPick(index);
    close();
  }

  function keyDown(e: KeyboardEvent<HTMLInputElement>) {
    onKeyDown?.(e);
    if (e.defaultPrevented) return;
    const n = suggestions.length;
    switch (e.key) {
      case 'ArrowDown':
        if (n === 0) return;
        e.preventDefault();
        setOpen(true);
        setActive(expanded ? (activeIndex + 1) % n : 0);
        break;
      case 'ArrowUp':
        if (!expanded) return;
        e.preventDefault();
        setActive(activeIndex <= 0 ? n - 1 : activeIndex - 1);
        break;
      case 'Enter':
        if (activeIndex < 0) return;
        e.preventDefault();
        pick(activeIndex);
        break;
      case 'Escape':
        if (!expanded) return;
        e.preventDefault();
        close();
        break;
      case 'Tab':
        close();
        break;
    }
  }

  return (
    <div className={className}>
      <div role="combobox" aria-labelledby={labelledBy} aria-haspopup="listbox" aria-expanded={expanded} aria-controls={listId} aria-owns={listId}>
        <input
          type="text"
          autoComplete="off"
          {...input}
          aria-autocomplete="list"
          aria-controls={listId}
          aria-activedescendant={activeIndex >= 0 ? optionId(activeIndex) : undefined}
          onChange={(e) => {
            onChange?.(e);
            setOpen(true);
            setActive(-1);
          }}
          onBlur={(e) => {
            close();
            onBlur?.(e);
          }}
          onKeyDown={keyDown}
          className={cn(controlFrame, 'h-control')}
        />
      </div>
      <ul
        ref={listRef}
        id={listId}
        role="listbox"
        aria-label={listLabel}
        hidden={!expanded}
        className="mt-1 max-h-72 scroll-mb-24 overflow-y-auto rounded-control border border-line bg-surface py-1 shadow-md"
      >
        {suggestions.map((s, i) => (
          <li
            key={i}
            id={optionId(i)}
            role="option"
            aria-selected={i === activeIndex}
            // Keeps the focus in the field (its blur would close the list before the click lands).
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(i)}
            onMouseMove={() => i !== activeIndex && setActive(i)}
            className={cn(
              'flex min-h-11 cursor-pointer flex-col justify-center px-3 py-1.5 text-sm text-ink',
              i === activeIndex && 'bg-brand-100 text-brand-900',
            )}
          >
            <span className="font-medium break-words">{s.label}</span>
            {s.detail ? <span className="text-xs break-words text-ink-muted">{s.detail}</span> : null}
          </li>
        ))}
      </ul>
      <div role="status" className="sr-only">
        {expanded ? statusText : ''}
      </div>
    </div>
  );
}
