'use client';

import { cn } from './cn';

/** A small choice of two or three (environment, language): radio buttons drawn as one bar, with the full focus ring. */
export function Segmented<T extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  disabled,
  className,
}: {
  legend: string;
  name: string;
  value: T;
  options: { value: T; label: string; lang?: string }[];
  onChange: (value: T) => void;
  disabled?: boolean;
  className?: string;
}) {
  return (
    <fieldset className={cn('flex items-center gap-2', className)} disabled={disabled}>
      <legend className="sr-only">{legend}</legend>
      <span aria-hidden="true" className="text-xs text-ink-muted">
        {legend}
      </span>
      <div className="flex gap-0.5 rounded-control border border-line bg-surface p-0.5">
        {options.map((o) => (
          <label
            key={o.value}
            lang={o.lang}
            className="cursor-pointer rounded-control px-3 py-1 text-sm font-medium text-ink-muted has-[:checked]:bg-brand-700 has-[:checked]:text-white has-[:focus-visible]:focus-ring"
          >
            <input type="radio" className="sr-only" name={name} value={o.value} checked={value === o.value} onChange={() => onChange(o.value)} />
            {o.label}
          </label>
        ))}
      </div>
    </fieldset>
  );
}
