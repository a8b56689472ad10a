'use client';

import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  getSortedRowModel,
  useReactTable,
  type ColumnDef,
  type OnChangeFn,
  type RowSelectionState,
  type SortingState,
  type VisibilityState,
} from '@tanstack/react-table';
import { ArrowDown, ArrowUp, ArrowUpDown, Columns3 } from 'lucide-react';
import dynamic from 'next/dynamic';
import { useState, type ReactNode } from 'react';
import { Button } from './button';
import { NativeCheckbox } from './native-checkbox';
import { cn } from './cn';
import { Pagination } from './pagination';
import { TableScroll } from './table-scroll';
import type { DataTableTexts } from './data-table-texts';

export { dataTableTexts, type DataTableTexts } from './data-table-texts';

const ColumnMenu = dynamic(() => import('./column-menu').then((m) => m.ColumnMenu), { ssr: false });

// The table of both faces, on TanStack Table: sorting, paging, column visibility and row
// selection. Below 640 px every row becomes a stacked card whose cells carry their column's name;
// the column marked `primary` leads the card and the status column is never hidden.

export type DataTableProps<T> = {
  caption: string;
  columns: ColumnDef<T, unknown>[];
  data: T[];
  texts: DataTableTexts;
  getRowId?: (row: T) => string;
  /** Controlled sorting; with `manualSorting` the caller sorts the data (server side). */
  sorting?: SortingState;
  onSortingChange?: OnChangeFn<SortingState>;
  manualSorting?: boolean;
  /** Client-side paging with this page size; leave out when the caller pages on the server. */
  pageSize?: number;
  rowSelection?: RowSelectionState;
  onRowSelectionChange?: OnChangeFn<RowSelectionState>;
  columnVisibilityMenu?: boolean;
  empty?: ReactNode;
  className?: string;
  rowTestId?: string;
  /** Left of the column menu, above the table (e.g. the result count). */
  toolbar?: ReactNode;
  /** Shown while the data loads (aria-busy on the table). */
  busy?: boolean;
  /** The table's data-testid. */
  testId?: string;
  /** data-* attributes of a row (e.g. `{ 'data-dealer': row.name }`), for links and tests. */
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
};

export function DataTable<T>({
  caption,
  columns,
  data,
  texts,
  getRowId,
  sorting: sortingProp,
  onSortingChange,
  manualSorting,
  pageSize,
  rowSelection,
  onRowSelectionChange,
  columnVisibilityMenu,
  empty,
  className,
  rowTestId,
  toolbar,
  busy,
  testId,
  rowAttributes,
}: DataTableProps<T>) {
  const [ownSorting, setOwnSorting] = useState<SortingState>([]);
  const [columnVisibility, setColumnVisibility] = useState<VisibilityState>({});
  const [menuUsed, setMenuUsed] = useState(false);
  const selectable = rowSelection !== undefined && onRowSelectionChange !== undefined;

  // TanStack Table's instance is not memoizable; the table renders from its state each time.
  // eslint-disable-next-line react-hooks/incompatible-library
  const table = useReactTable<T>({
    data,
    columns,
    getRowId,
    state: {
      sorting: sortingProp ?? ownSorting,
      columnVisibility,
      ...(selectable ? { rowSelection } : {}),
    },
    onSortingChange: onSortingChange ?? setOwnSorting,
    onColumnVisibilityChange: setColumnVisibility,
    onRowSelectionChange,
    enableRowSelection: selectable,
    // A click on a sorted column turns the order round; it never drops the sorting.
    enableSortingRemoval: false,
    manualSorting,
    // A column without its own header is headed by its label: TanStack's default header is empty
    // for a column without an accessor (the console's record tables had blank headings).
    defaultColumn: { header: ({ column }) => column.columnDef.meta?.label ?? column.id },
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: manualSorting ? undefined : getSortedRowModel(),
    getPaginationRowModel: pageSize ? getPaginationRowModel() : undefined,
    initialState: pageSize ? { pagination: { pageIndex: 0, pageSize } } : undefined,
  });

  const rows = table.getRowModel().rows;
  const visibleCount = table.getVisibleLeafColumns().length + (selectable ? 1 : 0);

  return (
    <div className={cn('min-w-0', className)}>
      {toolbar || columnVisibilityMenu ? (
        <div className="mb-2 flex flex-wrap items-center justify-between gap-2">
          <div className="min-w-0">{toolbar}</div>
          {columnVisibilityMenu ? (
            <div className="max-sm:hidden">
              {menuUsed ? (
                <ColumnMenu
                  defaultOpen
                  label={texts.columns}
                  columns={table
                    .getAllLeafColumns()
                    .filter((c) => c.getCanHide())
                    .map((c) => ({ id: c.id, label: c.columnDef.meta?.label ?? c.id, visible: c.getIsVisible(), toggle: (v: boolean) => c.toggleVisibility(v) }))}
                />
              ) : (
                <Button size="sm" variant="secondary" aria-haspopup="menu" aria-expanded={false} onClick={() => setMenuUsed(true)}>
                  <Columns3 aria-hidden="true" />
                  {texts.columns}
                </Button>
              )}
            </div>
          ) : null}
        </div>
      ) : null}
      <TableScroll className="rounded-card border border-line bg-surface max-sm:overflow-visible max-sm:border-0 max-sm:bg-transparent">
        <table aria-busy={busy || undefined} data-testid={testId} className="w-full border-collapse text-left text-sm max-sm:block">
          <caption className="sr-only">{caption}</caption>
          <thead className="bg-canvas text-xs uppercase tracking-wide text-ink-muted max-sm:sr-only">
            {table.getHeaderGroups().map((hg) => (
              <tr key={hg.id}>
                {selectable ? (
                  <th scope="col" className="w-14 px-1.5 py-0">
                    {/* The label around the box makes a 44 px target. */}
                    <label className="flex size-11 cursor-pointer items-center justify-center">
                      <NativeCheckbox
                        aria-label={texts.selectAll}
                        checked={table.getIsAllPageRowsSelected()}
                        ref={(el) => {
                          if (el) el.indeterminate = !table.getIsAllPageRowsSelected() && table.getIsSomePageRowsSelected();
                        }}
                        onChange={(e) => table.toggleAllPageRowsSelected(e.target.checked)}
                      />
                    </label>
                  </th>
                ) : null}
                {hg.headers.map((h) => {
                  const meta = h.column.columnDef.meta;
                  const sorted = h.column.getIsSorted();
                  const label = meta?.label ?? h.id;
                  return (
                    <th
                      key={h.id}
                      scope="col"
                      aria-sort={sorted === 'asc' ? 'ascending' : sorted === 'desc' ? 'descending' : undefined}
                      className={cn('whitespace-nowrap px-3 py-2 font-semibold', meta?.align === 'right' && 'text-right', meta?.className)}
                    >
                      {h.isPlaceholder ? null : h.column.getCanSort() ? (
                        <button
                          type="button"
                          onClick={h.column.getToggleSortingHandler()}
                          aria-label={texts.sortBy(label)}
                          className="inline-flex items-center gap-1 rounded-control uppercase focus-visible:focus-ring"
                        >
                          {flexRender(h.column.columnDef.header, h.getContext())}
                          {sorted === 'asc' ? (
                            <ArrowUp aria-label={texts.sortedAscending} className="size-3.5" />
                          ) : sorted === 'desc' ? (
                            <ArrowDown aria-label={texts.sortedDescending} className="size-3.5" />
                          ) : (
                            <ArrowUpDown aria-hidden="true" className="size-3.5 opacity-50" />
                          )}
                        </button>
                      ) : (
                        flexRender(h.column.columnDef.header, h.getContext())
                      )}
                    </th>
                  );
                })}
              </tr>
            ))}
          </thead>
          <tbody className="max-sm:grid max-sm:gap-3">
            {rows.length === 0 ? (
              <tr className="max-sm:block">
                <td colSpan={visibleCount} className="px-3 py-6 max-sm:block">
                  {empty}
                </td>
              </tr>
            ) : (
              rows.map((row) => (
                <tr
                  key={row.id}
                  data-testid={rowTestId}
                  {...rowAttributes?.(row.original)}
                  data-state={row.getIsSelected() ? 'selected' : undefined}
                  className="border-t border-line align-top hover:bg-canvas data-[state=selected]:bg-brand-50 max-sm:grid max-sm:grid-cols-[minmax(0,auto)_minmax(0,1fr)] max-sm:gap-x-3 max-sm:gap-y-1 max-sm:rounded-card max-sm:border max-sm:bg-surface max-sm:p-3"
                >
                  {selectable ? (
                    <td className="px-1.5 py-0 max-sm:col-span-2 max-sm:-m-1.5 max-sm:p-0">
                      <label className="flex size-11 cursor-pointer items-center justify-center">
                        <NativeCheckbox aria-label={texts.selectRow(row.id)} checked={row.getIsSelected()} onChange={(e) => row.toggleSelected(e.target.checked)} />
                      </label>
                    </td>
                  ) : null}
                  {row.getVisibleCells().map((cell) => {
                    const meta = cell.column.columnDef.meta;
                    // On a phone each cell is a line of the card: its column's name (drawn from
                    // data-label, so the cell's text stays its value) beside the value.
                    return (
                      <td
                        key={cell.id}
                        data-label={meta?.primary ? undefined : meta?.label}
                        className={cn(
                          'px-3 py-2 max-sm:col-span-2 max-sm:p-0',
                          meta?.primary
                            ? 'max-sm:block max-sm:font-semibold'
                            : 'max-sm:grid max-sm:grid-cols-subgrid max-sm:before:text-xs max-sm:before:font-medium max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]',
                          meta?.align === 'right' && 'text-right max-sm:text-left',
                          meta?.hideOnMobile && 'max-sm:hidden',
                          meta?.className,
                        )}
                      >
                        <span className="min-w-0 break-words">{flexRender(cell.column.columnDef.cell, cell.getContext())}</span>
                      </td>
                    );
                  })}
                </tr>
              ))
            )}
          </tbody>
        </table>
      </TableScroll>
      {pageSize && texts.pagination && table.getPageCount() > 1 ? (
        <Pagination
          label={texts.pagination.label}
          status={texts.pagination.status(table.getState().pagination.pageIndex + 1, table.getPageCount())}
          previousLabel={texts.pagination.previous}
          nextLabel={texts.pagination.next}
          canPrevious={table.getCanPreviousPage()}
          canNext={table.getCanNextPage()}
          onPrevious={() => table.previousPage()}
          onNext={() => table.nextPage()}
        />
      ) : null}
    </div>
  );
}
