'use client';

import { buttonVariants } from '@/components/ui/button';
import { usePortal } from './providers';

// Downloads of the list as it is filtered, made on the server: an Excel workbook and a CSV for the
// user's locale (German: `;` and decimal comma). `query` is the list's URL state.

const link = buttonVariants({ variant: 'secondary' });

export function ExportLinks({ query }: { query: string }) {
  const { t } = usePortal();
  const href = (format: 'xlsx' | 'csv') => `/portal/offers/export?format=${format}${query ? `&${query}` : ''}`;
  return (
    <>
      <a href={href('xlsx')} download className={link} data-testid="export-xlsx">
        {t('exportXlsx')}
      </a>
      <a href={href('csv')} download className={link} data-testid="export-csv-locale">
        {t('exportCsvLocale')}
      </a>
    </>
  );
}
