'use client';

import type { ColumnDef } from '@tanstack/react-table';
import Link from 'next/link';
import { useMemo, type ReactNode } from 'react';
import { DataTable, dataTableTexts } from '@/components/ui/data-table';
import { useConsole } from './providers';
import { EmailText } from '@/components/ui/email-text';

// The console's lists of dealers, employers and employees in the kit's DataTable: a table on a
// wide screen, a stacked card per row below 640 px (the name leads the card). The pages give
// rows already in words; the order is the server's.

export type Column<T> = { id: string; label: string; cell: (row: T) => ReactNode; primary?: boolean; align?: 'right' };

export function RecordTable<T>({
  caption,
  columns,
  rows,
  testId,
  rowId,
  rowAttributes,
}: {
  caption: string;
  columns: Column<T>[];
  rows: T[];
  testId: string;
  rowId: (row: T) => string;
  rowAttributes?: (row: T) => Record<`data-${string}`, string>;
}) {
  const { t } = useConsole();
  const defs = useMemo<ColumnDef<T, unknown>[]>(
    () =>
      columns.map((c) => ({
        id: c.id,
        enableSorting: false,
        enableHiding: false,
        meta: { label: c.label, primary: c.primary, align: c.align },
        cell: ({ row }) => c.cell(row.original),
      })),
    [columns],
  );
  return <DataTable caption={caption} columns={defs} data={rows} texts={dataTableTexts(t)} getRowId={rowId} testId={testId} rowAttributes={rowAttributes} />;
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

/** The rejected queue: when, which offer (a link to its review), dealer, customer, bicycle and the errors in words. */
export function RejectedTable({ rows }: { rows: RejectedRow[] }) {
  const { t } = useConsole();
  const columns = useMemo<Column<RejectedRow>[]>(
    () => [
      {
        id: 'offer',
        label: t('offerNumber'),
        primary: true,
        cell: (o) => (
          <>
            <Link href={`/console/offers/${o.id}`} className={nameLink} aria-label={t('openOffer', { number: o.offerNumber })}>
              {o.offerNumber}
            </Link>
            <span className="block break-all text-xs font-normal text-ink-muted">{o.externalOfferId}</span>
          </>
        ),
      },
      { id: 'rejectedAt', label: t('rejectedAt'), cell: (o) => <span className="whitespace-nowrap">{o.rejectedAt}</span> },
      {
        id: 'dealer',
        label: t('dealer'),
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
  return <RecordTable caption={t('queueTitle')} columns={columns} rows={rows} testId="queue" rowId={(o) => o.id} rowAttributes={(o) => ({ 'data-offer-number': o.offerNumber })} />;
}
