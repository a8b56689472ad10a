import type { RowData } from '@tanstack/react-table';

// What the DataTable (./data-table.tsx) reads besides its rows: each column's words and place
// (TanStack Table's column meta) and the table's own words.

declare module '@tanstack/react-table' {
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  interface ColumnMeta<TData extends RowData, TValue> {
    /** The column's name in words (header, stacked label, visibility menu). */
    label: string;
    align?: 'right';
    /** Leads the stacked card on a phone, without its label. */
    primary?: boolean;
    /** Left out of the stacked card on a phone. */
    hideOnMobile?: boolean;
    className?: string;
  }
}

export type DataTableTexts = {
  columns: string;
  selectAll: string;
  selectRow: (id: string) => string;
  sortedAscending: string;
  sortedDescending: string;
  sortBy: (label: string) => string;
  pagination?: { label: string; status: (page: number, pages: number) => string; previous: string; next: string };
};

/** The table's words from a face's translator (the keys live in the common catalogue). */
export function dataTableTexts(
  t: (key: 'columns' | 'selectAll' | 'selectRow' | 'sortedAscending' | 'sortedDescending' | 'sortBy', params?: Record<string, string>) => string,
): DataTableTexts {
  return {
    columns: t('columns'),
    selectAll: t('selectAll'),
    selectRow: (id: string) => t('selectRow', { id }),
    sortedAscending: t('sortedAscending'),
    sortedDescending: t('sortedDescending'),
    sortBy: (column: string) => t('sortBy', { column }),
  };
}
