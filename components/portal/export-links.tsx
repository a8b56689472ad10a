'use client';

import { ChevronDown, Download } from 'lucide-react';
import { buttonVariants } from '@/components/ui/button';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuTrigger } from '@/components/ui/dropdown-menu';
import { usePortal } from './providers';

// One export menu for the list as it is filtered, the files made on the server in the reader's
// language: an Excel workbook and a CSV for the reader's locale (German: `;` and `5.328,90`).
// `query` is the list's URL state.

export function ExportLinks({ query }: { query: string }) {
  const { t } = usePortal();
  const href = (format: 'xlsx' | 'csv') => `/portal/offers/export?format=${format}${query ? `&${query}` : ''}`;
  return (
    <DropdownMenu>
      <DropdownMenuTrigger className={buttonVariants({ variant: 'secondary' })} data-testid="export-menu">
        <Download aria-hidden="true" className="size-4" />
        {t('exportMenu')}
        <ChevronDown aria-hidden="true" className="size-4" />
      </DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild className="min-h-11">
          <a href={href('xlsx')} download data-testid="export-xlsx">
            {t('exportXlsx')}
          </a>
        </DropdownMenuItem>
        <DropdownMenuItem asChild className="min-h-11">
          <a href={href('csv')} download data-testid="export-csv-locale">
            {t('exportCsvLocale')}
          </a>
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
