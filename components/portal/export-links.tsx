'use client';

import { ChevronDown, Download } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { buttonVariants } from '@/components/ui/button';
import { usePortal } from './providers';

// One export menu for the list as it is filtered, the files made on the server in the reader's
// language: an Excel workbook and a CSV for the reader's locale (German: `;` and `5.328,90`).
// `query` is the list's URL state. A disclosure of two download links (no menu library on the
// list's first load): Escape or a click elsewhere closes it.

const item = 'flex min-h-11 items-center rounded-control px-3 text-sm text-ink hover:bg-brand-50 focus-visible:focus-ring';

export function ExportLinks({ query }: { query: string }) {
  const { t } = usePortal();
  const id = useId();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const href = (format: 'xlsx' | 'csv') => `/portal/offers/export?format=${format}${query ? `&${query}` : ''}`;

  useEffect(() => {
    if (!open) return;
    const away = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const escape = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', away);
    document.addEventListener('keydown', escape);
    return () => {
      document.removeEventListener('pointerdown', away);
      document.removeEventListener('keydown', escape);
    };
  }, [open]);

  return (
    <div ref={box} className="relative">
      <button
        ref={button}
        type="button"
        aria-expanded={open}
        aria-controls={`${id}-list`}
        onClick={() => setOpen((o) => !o)}
        className={buttonVariants({ variant: 'secondary' })}
        data-testid="export-menu"
      >
        <Download aria-hidden="true" />
        {t('exportMenu')}
        <ChevronDown aria-hidden="true" />
      </button>
      <ul id={`${id}-list`} hidden={!open} className="absolute right-0 z-30 mt-1 min-w-56 rounded-control border border-line bg-surface p-1 shadow-lg">
        <li>
          <a href={href('xlsx')} download className={item} data-testid="export-xlsx" onClick={() => setOpen(false)}>
            {t('exportXlsx')}
          </a>
        </li>
        <li>
          <a href={href('csv')} download className={item} data-testid="export-csv-locale" onClick={() => setOpen(false)}>
            {t('exportCsvLocale')}
          </a>
        </li>
      </ul>
    </div>
  );
}
