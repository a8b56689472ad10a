'use client';

import { Check, ChevronDown } from 'lucide-react';
import { Select as S } from 'radix-ui';
import type { ComponentProps } from 'react';
import { cn } from './cn';
import { controlFrame } from './field';

export type SelectOption = { value: string; label: string; disabled?: boolean };

/** A single choice from a short list (Radix Select): a labelled trigger and a popup list. */
export function Select({
  id,
  value,
  onValueChange,
  options,
  placeholder,
  className,
  name,
  disabled,
  'aria-label': ariaLabel,
  'aria-invalid': ariaInvalid,
  'aria-describedby': ariaDescribedBy,
}: {
  id?: string;
  value: string;
  onValueChange: (value: string) => void;
  options: readonly SelectOption[];
  placeholder?: string;
  className?: string;
  name?: string;
  disabled?: boolean;
  'aria-label'?: string;
  'aria-invalid'?: boolean;
  'aria-describedby'?: string;
}) {
  return (
    <S.Root value={value} onValueChange={onValueChange} name={name} disabled={disabled}>
      <S.Trigger
        id={id}
        aria-label={ariaLabel}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        className={cn(controlFrame, 'flex h-control items-center justify-between gap-2 text-left', className)}
      >
        <S.Value placeholder={placeholder} />
        <S.Icon>
          <ChevronDown aria-hidden="true" className="size-4 text-ink-muted" />
        </S.Icon>
      </S.Trigger>
      <S.Portal>
        <S.Content
          position="popper"
          sideOffset={4}
          className="z-50 max-h-(--radix-select-content-available-height) min-w-(--radix-select-trigger-width) overflow-hidden rounded-control border border-line bg-surface shadow-lg"
        >
          <S.Viewport className="p-1">
            {options.map((o) => (
              <SelectItem key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </SelectItem>
            ))}
          </S.Viewport>
        </S.Content>
      </S.Portal>
    </S.Root>
  );
}

function SelectItem({ className, children, ...props }: ComponentProps<typeof S.Item>) {
  return (
    <S.Item
      className={cn(
        'relative flex cursor-default select-none items-center rounded-control py-1.5 pl-7 pr-2 text-sm text-ink outline-none data-[disabled]:opacity-50 data-[highlighted]:bg-brand-50',
        className,
      )}
      {...props}
    >
      <S.ItemIndicator className="absolute left-2">
        <Check aria-hidden="true" className="size-4" />
      </S.ItemIndicator>
      <S.ItemText>{children}</S.ItemText>
    </S.Item>
  );
}
