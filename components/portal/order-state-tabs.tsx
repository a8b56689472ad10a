'use client';

import { useMemo } from 'react';
import { orderTranslator, type OrderTextKey } from '@/lib/purchase-orders/browser/texts';
import { usePortal } from './providers';

// The counter's lists: the offers whose order is to hand over, to invoice, whose invoice was
// rejected, or paid — one press filters the list by its order state (the list's `orderStatus`,
// in the URL like every filter), a second press or "All offers" clears it.

const CHOICES = [
  ['', 'tabAll'],
  ['awaiting_handover', 'tabToHandOver'],
  ['handed_over', 'tabToInvoice'],
  ['invoice_rejected', 'tabRejected'],
  ['paid', 'tabPaid'],
] as const satisfies readonly (readonly [string, OrderTextKey])[];

export function OrderStateTabs({ value, onChange }: { value: string; onChange: (orderStatus: string) => void }) {
  const { words } = usePortal();
  const t = useMemo(() => orderTranslator(words), [words]);
  return (
    <div role="group" aria-label={t('tabsLabel')} className="flex flex-wrap gap-2" data-testid="order-state-tabs">
      {CHOICES.map(([choice, label]) => {
        const pressed = value === choice;
        return (
          <button
            key={label}
            type="button"
            aria-pressed={pressed}
            onClick={() => onChange(pressed ? '' : choice)}
            className={`min-h-11 rounded-pill border px-3 text-sm font-medium focus-visible:focus-ring ${
              pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-line-strong bg-surface text-ink hover:bg-canvas'
            }`}
          >
            {t(label)}
          </button>
        );
      })}
    </div>
  );
}
