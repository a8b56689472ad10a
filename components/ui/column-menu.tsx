'use client';

import { Columns3 } from 'lucide-react';
import { Button } from './button';
import { DropdownMenu, DropdownMenuCheckboxItem, DropdownMenuContent, DropdownMenuLabel, DropdownMenuTrigger } from './dropdown-menu';

// The DataTable's column menu (Radix DropdownMenu), loaded the first time it is opened
// (components/ui/data-table.tsx): the menu and its positioning stay out of a table page's first
// JavaScript.

export type ColumnChoice = { id: string; label: string; visible: boolean; toggle: (visible: boolean) => void };

export function ColumnMenu({ label, columns, defaultOpen }: { label: string; columns: ColumnChoice[]; defaultOpen?: boolean }) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger asChild>
        <Button size="sm" variant="secondary">
          <Columns3 aria-hidden="true" />
          {label}
        </Button>
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuLabel>{label}</DropdownMenuLabel>
        {columns.map((c) => (
          <DropdownMenuCheckboxItem key={c.id} checked={c.visible} onCheckedChange={(v) => c.toggle(v === true)} onSelect={(e) => e.preventDefault()}>
            {c.label}
          </DropdownMenuCheckboxItem>
        ))}
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
