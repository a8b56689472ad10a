'use client';

import type { ColumnDef, SortingState } from '@tanstack/react-table';
import Link from 'next/link';
import { useRouter, useSearchParams } from 'next/navigation';
import { useMemo, type ReactNode } from 'react';
import { DataTable, dataTableTexts } from '@/components/ui/data-table';
import { useConsole } from './providers';
import { EmailText } from '@/components/ui/email-text';

// The console's lists of dealers, employers and employees in the kit's DataTable: a table on a
// wide screen, a stacked card per row below 640 px (the name leads the card). The pages give
// rows already in words; the order is the server's (a sortable column asks the server for another).

export type Column<T> = { id: string; label: string; cell: (row: T) => ReactNode; primary?: boolean; align?: 'right'; sortable?: boolean };

/** The server's order of a sortable table and what a header asks for instead. */
type Sorting = { state: SortingState; onChange: (next: SortingState) => void };

export function RecordTable<T>({
  caption,
  columns,
  rows,
  testId,
  rowId,
  rowAttributes,
  sorting,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  testId: string;
  rowId: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
  sorting?: Sorting;
}) {
  const { t } = useConsole();
  const defs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        // A sortable column needs a value to sort by; the server sorts, so any value does.
        ...(c.sortable && sorting ? { accessorFn: () => '' } : {}),
        enableSorting: !!(c.sortable && sorting),
        enableHiding: false,
        meta: { label: c.label, primary: c.primary, align: c.align },
        cell: ({ row }) => c.cell(row.original),
      })),
    [columns, sorting],
  );
  return (
    <DataTable
      caption={caption}
      columns={defs}
      data={rows}
      texts={dataTableTexts(t)}
      getRowId={rowId}
      testId={testId}
      rowAttributes={rowAttributes}
      {...(sorting
        ? {
            sorting: sorting.state,
            onSortingChange: (updater) => sorting.onChange(typeof updater === 'function' ? updater(sorting.state) : updater),
            manualSorting: true,
          }
        : {})}
    />
  );
}

const nameLink = 'font-medium text-brand-700 underline-offset-2 hover:underline focus-visible:focus-ring rounded-control';

export type DealerRow = { id: string; name: string; environment: string; clients: string; offers: string; rejected: { count: number; text: string } };

export function DealerTable({ rows }: { rows: DealerRow[] }) {
  const { t } = useConsole();
  const columns = useMemo<Column<DealerRow>[]>(
    () => [
      {
        id: 'name',
        label: t('dealer'),
        primary: true,
        cell: (d) => (
          <Link href={`/console/dealers/${d.id}`} className={nameLink}>
            {d.name}
          </Link>
        ),
      },
      { id: 'environment', label: t('environment'), cell: (d) => d.environment },
      { id: 'clients', label: t('activeClients'), cell: (d) => d.clients },
      { id: 'offers', label: t('offers'), cell: (d) => d.offers },
      {
        id: 'rejected',
        label: t('rejectedNow'),
        align: 'right',
        cell: (d) =>
          d.rejected.count > 0 ? (
            <Link href={`/console/rejected?dealer=${d.id}`} className="tabular-nums text-brand-700 underline underline-offset-2 focus-visible:focus-ring rounded-control">
              {d.rejected.text}
            </Link>
          ) : (
            <span className="tabular-nums">0</span>
          ),
      },
    ],
    [t],
  );
  return <RecordTable caption={t('dealersTitle')} columns={columns} rows={rows} testId="dealers" rowId={(d) => d.id} rowAttributes={(d) => ({ 'data-dealer': d.name })} />;
}

export type EmployerRow = { id: string; name: string; excluded: { code: string; name: string }[]; employees: number };

export function EmployerTable({ rows }: { rows: EmployerRow[] }) {
  const { t } = useConsole();
  const columns = useMemo<Column<EmployerRow>[]>(
    () => [
      {
        id: 'name',
        label: t('employer'),
        primary: true,
        cell: (e) => (
          <Link href={`/console/employers/${e.id}`} className={nameLink}>
            {e.name}
          </Link>
        ),
      },
      {
        id: 'policy',
        label: t('policy'),
        cell: (e) =>
          e.excluded.length === 0 ? (
            <span className="text-ink-muted">{t('noExclusions')}</span>
          ) : (
            <ul className="space-y-0.5">
              {e.excluded.map((c) => (
                <li key={c.code}>
                  {c.name} <span className="font-mono text-xs text-ink-muted">{c.code}</span>
                </li>
              ))}
            </ul>
          ),
      },
      { id: 'employees', label: t('employees'), align: 'right', cell: (e) => <span className="tabular-nums">{e.employees}</span> },
    ],
    [t],
  );
  return <RecordTable caption={t('employersTitle')} columns={columns} rows={rows} testId="employers" rowId={(e) => e.id} rowAttributes={(e) => ({ 'data-employer': e.name })} />;
}

export type EmployeeRow = { email: string; name: string; registered: string };

export function EmployeeTable({ rows }: { rows: EmployeeRow[] }) {
  const { t } = useConsole();
  const columns = useMemo<Column<EmployeeRow>[]>(
    () => [
      { id: 'email', label: t('employeeEmail'), primary: true, cell: (e) => <EmailText email={e.email} /> },
      { id: 'name', label: t('employeeName'), cell: (e) => e.name },
      { id: 'registered', label: t('registeredAt'), cell: (e) => e.registered },
    ],
    [t],
  );
  return <RecordTable caption={t('employees')} columns={columns} rows={rows} testId="employees" rowId={(e) => e.email} />;
}

export type RejectedRow = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  rejectedAt: string;
  dealer: string;
  environment: string;
  customerName: string;
  customerEmail: string;
  product: string;
  errors: string[];
};

/** The default order of the rejected queue: the oldest rejection first. */
const REJECTED_DEFAULT_SORT = 'rejectedAt';

/**
 * The rejected queue: when, which offer (a link to its review), dealer, customer, bicycle and the
 * errors in words. Its headers sort on the server: the order is in the address (`sortBy`, `order`),
 * and a new order starts at the first page.
 */
export function RejectedTable({ rows }: { rows: RejectedRow[] }) {
  const { t } = useConsole();
  const router = useRouter();
  const params = useSearchParams();
  const sortBy = params.get('sortBy') || REJECTED_DEFAULT_SORT;
  const state = useMemo<SortingState>(() => [{ id: sortBy, desc: params.get('order') === 'desc' }], [sortBy, params]);
  const sorting = useMemo<Sorting>(
    () => ({
      state,
      onChange: (next) => {
        const s = next[0];
        const query = new URLSearchParams(params.toString());
        query.delete('page');
        if (!s || (s.id === REJECTED_DEFAULT_SORT && !s.desc)) {
          query.delete('sortBy');
          query.delete('order');
        } else {
          query.set('sortBy', s.id);
          if (s.desc) query.set('order', 'desc');
          else query.delete('order');
        }
        const qs = query.toString();
        router.push(`/console/rejected${qs ? `?${qs}` : ''}`, { scroll: false });
      },
    }),
    [state, params, router],
  );
  const columns = useMemo<Column<RejectedRow>[]>(
    () => [
      {
        id: 'offerNumber',
        label: t('offerNumber'),
        primary: true,
        sortable: true,
        cell: (o) => (
          <>
            <Link href={`/console/offers/${o.id}`} className={nameLink} aria-label={t('openOffer', { number: o.offerNumber })}>
              {o.offerNumber}
            </Link>
            <span className="block break-all text-xs font-normal text-ink-muted">{o.externalOfferId}</span>
          </>
        ),
      },
      { id: 'rejectedAt', label: t('rejectedAt'), sortable: true, cell: (o) => <span className="whitespace-nowrap">{o.rejectedAt}</span> },
      {
        id: 'dealer',
        label: t('dealer'),
        sortable: true,
        cell: (o) => (
          <>
            <span className="block">{o.dealer}</span>
            <span className="block text-xs text-ink-muted">{o.environment}</span>
          </>
        ),
      },
      {
        id: 'customer',
        label: t('customer'),
        sortable: true,
        cell: (o) => (
          <>
            <span className="block">{o.customerName}</span>
            <EmailText email={o.customerEmail} className="block text-xs text-ink-muted" />
          </>
        ),
      },
      { id: 'product', label: t('product'), cell: (o) => o.product },
      {
        id: 'errors',
        label: t('errors'),
        cell: (o) => (
          <ul className="space-y-0.5">
            {o.errors.map((e) => (
              <li key={e} className="font-medium">
                {e}
              </li>
            ))}
          </ul>
        ),
      },
    ],
    [t],
  );
  return (
    <RecordTable caption={t('queueTitle')} columns={columns} rows={rows} testId="queue" rowId={(o) => o.id} rowAttributes={(o) => ({ 'data-offer-number': o.offerNumber })} sorting={sorting} />
  );
}
