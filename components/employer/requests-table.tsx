'use client';

import Link from 'next/link';
import { useDeferredValue, useId, useMemo, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { EmailText } from '@/components/ui/email-text';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/field';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { NativeSelect } from '@/components/ui/native-select';
import type { EmployerRequest } from '@/lib/employer/use-cases/requests';
import { formatDate, formatMoney } from '@/lib/i18n/words';
import { ApproveDialog, DeclineDialog, itemName } from './decision-dialogs';
import { useEmployer } from './providers';

// The employer's waiting requests as a work surface: one row each (employee, bicycle, dealer,
// total, when it came in, whether it meets the rules), searchable and sortable in the browser
// (the list is the employer's open requests, not an archive); rows are selected for a decision on
// several at once, which asks first like the decision on one. Approve stands before decline, as in
// every decision of the service. Below 768 px each row is a card.

type SortKey = 'oldest' | 'newest' | 'employee' | 'totalDesc' | 'totalAsc';
const SORTS: Record<SortKey, (a: EmployerRequest, b: EmployerRequest) => number> = {
  oldest: (a, b) => a.submittedAt.localeCompare(b.submittedAt),
  newest: (a, b) => b.submittedAt.localeCompare(a.submittedAt),
  employee: (a, b) => a.employee.name.localeCompare(b.employee.name),
  totalDesc: (a, b) => b.totalPriceGross - a.totalPriceGross,
  totalAsc: (a, b) => a.totalPriceGross - b.totalPriceGross,
};
const SORT_LABEL = { oldest: 'sortOldest', newest: 'sortNewest', employee: 'sortEmployee', totalDesc: 'sortTotalDesc', totalAsc: 'sortTotalAsc' } as const;

const haystack = (r: EmployerRequest) =>
  [r.employee.name, r.employee.email, r.offerNumber, r.dealerName, itemName(r.bicycle), r.bicycle.category].join(' ').toLocaleLowerCase();

export function RequestsTable({ requests }: { requests: EmployerRequest[] }) {
  const { t, lang } = useEmployer();
  const ids = useId();
  const [query, setQuery] = useState('');
  const deferred = useDeferredValue(query);
  const [sort, setSort] = useState<SortKey>('oldest');
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const [dialog, setDialog] = useState<{ kind: 'approve' | 'decline'; ids: string[]; skipped?: number } | null>(null);

  const shown = useMemo(() => {
    const words = deferred.toLocaleLowerCase().split(/\s+/).filter(Boolean);
    return requests.filter((r) => words.every((w) => haystack(r).includes(w))).sort(SORTS[sort]);
  }, [requests, deferred, sort]);
  // The selection is what is shown and selected: a search never decides on rows it hides.
  const chosen = shown.filter((r) => selected.has(r.requestId));
  const approvable = chosen.filter((r) => r.passed);
  const allChosen = shown.length > 0 && chosen.length === shown.length;

  const toggle = (id: string, on: boolean) =>
    setSelected((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const forDialog = (kind: 'approve' | 'decline') => (dialog?.kind === kind ? requests.filter((r) => dialog.ids.includes(r.requestId)) : []);
  const openChange = (open: boolean) => {
    if (!open) setDialog(null);
  };
  const done = () => setSelected(new Set());
  const sortHeader = (label: string, asc: SortKey, desc: SortKey) => {
    const state = sort === asc ? 'ascending' : sort === desc ? 'descending' : 'none';
    return (
      <th scope="col" aria-sort={state} className="px-3 py-2 text-left font-medium">
        <button type="button" className="inline-flex items-center gap-1 rounded-control hover:text-ink focus-visible:focus-ring" onClick={() => setSort(sort === asc ? desc : asc)}>
          {label}
          <span aria-hidden="true">{state === 'ascending' ? '↑' : state === 'descending' ? '↓' : '↕'}</span>
        </button>
      </th>
    );
  };

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-end gap-3">
        <div className="min-w-0 flex-[1_1_16rem]">
          <Label htmlFor={`${ids}-search`}>{t('search')}</Label>
          <Input id={`${ids}-search`} type="search" className="mt-1 h-control" value={query} placeholder={t('searchPlaceholder')} onChange={(e) => setQuery(e.target.value)} />
        </div>
        <div className="flex-[0_1_14rem]">
          <Label htmlFor={`${ids}-sort`}>{t('sortBy')}</Label>
          <NativeSelect id={`${ids}-sort`} className="mt-1" value={sort} onChange={(e) => setSort(e.target.value as SortKey)}>
            {(Object.keys(SORTS) as SortKey[]).map((k) => (
              <option key={k} value={k}>
                {t(SORT_LABEL[k])}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 rounded-card border border-line bg-canvas px-3 py-2 text-sm" data-testid="bulk-bar">
        <label className="inline-flex items-center gap-2">
          <NativeCheckbox checked={allChosen} onChange={(e) => setSelected(e.target.checked ? new Set(shown.map((r) => r.requestId)) : new Set())} />
          {t('selectAll')}
        </label>
        <span className="text-ink-muted" aria-live="polite">
          {t('selectedCount', { count: chosen.length })}
        </span>
        <span className="ml-auto flex flex-wrap gap-2">
          <Button size="sm" variant="secondary" disabled={approvable.length === 0} onClick={() => setDialog({ kind: 'approve', ids: approvable.map((r) => r.requestId), skipped: chosen.length - approvable.length })}>
            {t('approveSelected', { count: approvable.length })}
          </Button>
          <Button size="sm" variant="secondary" disabled={chosen.length === 0} onClick={() => setDialog({ kind: 'decline', ids: chosen.map((r) => r.requestId) })}>
            {t('declineSelected', { count: chosen.length })}
          </Button>
        </span>
      </div>
      {shown.length === 0 ? (
        <p className="text-ink" data-testid="no-match">
          {t('noMatch', { query })}
        </p>
      ) : (
        <table className="block w-full text-sm md:table" data-testid="requests-table">
          <caption className="sr-only">{t('requestsTitle')}</caption>
          <thead className="hidden border-b border-line text-ink-muted md:table-header-group">
            <tr>
              <th scope="col" className="w-10 px-3 py-2">
                <span className="sr-only">{t('selectColumn')}</span>
              </th>
              {sortHeader(t('employee'), 'employee', 'employee')}
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('bicycle')}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('dealer')}
              </th>
              {sortHeader(t('total'), 'totalAsc', 'totalDesc')}
              {sortHeader(t('submittedColumn'), 'oldest', 'newest')}
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('checksTitle')}
              </th>
              <th scope="col" className="px-3 py-2 text-left font-medium">
                {t('decisionColumn')}
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {shown.map((r) => (
              <tr
                key={r.requestId}
                data-testid="employer-request"
                data-offer-id={r.offerId}
                data-request-id={r.requestId}
                className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-3 gap-y-1 rounded-card border border-line bg-surface p-3 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0"
              >
                <td className="row-span-6 md:table-cell md:px-3 md:py-3 md:align-top">
                  <NativeCheckbox checked={selected.has(r.requestId)} aria-label={t('selectOne', { employee: r.employee.name })} onChange={(e) => toggle(r.requestId, e.target.checked)} />
                </td>
                <td className="min-w-0 md:table-cell md:px-3 md:py-3 md:align-top">
                  {/* Not prefetched: a list of many requests would load every request page ahead. */}
                  <Link href={`/employer/requests/${r.requestId}`} prefetch={false} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                    {r.employee.name}
                  </Link>
                  <EmailText email={r.employee.email} className="block text-ink-muted" />
                  <span className="block text-xs text-ink-muted">{t('offerNumber', { number: r.offerNumber })}</span>
                  {r.sandbox ? (
                    <Badge tone="waiting" title={t('sandboxHint')}>
                      {t('sandboxBadge')}
                    </Badge>
                  ) : null}
                </td>
                <td className="min-w-0 break-words md:table-cell md:px-3 md:py-3 md:align-top">
                  {itemName(r.bicycle)}
                  <span className="block text-xs text-ink-muted">
                    {r.bicycle.category}
                    {r.accessories.length > 0 ? ` · ${t('accessoryCount', { count: r.accessories.length })}` : ''}
                  </span>
                </td>
                <td className="min-w-0 break-words text-ink-muted md:table-cell md:px-3 md:py-3 md:align-top md:text-ink">{r.dealerName}</td>
                <td className="md:table-cell md:px-3 md:py-3 md:text-right md:align-top">
                  <span className="font-semibold tabular-nums" data-testid="request-total">
                    {formatMoney(r.totalPriceGross, lang)}
                  </span>
                  <span className="text-ink-muted md:hidden"> · {formatDate(r.submittedAt, lang)}</span>
                  {r.leaseTerms ? (
                    <span className="block text-xs text-ink-muted" data-testid="request-row-lease">
                      {t('rowLease', {
                        pays: formatMoney(r.leaseTerms.employeeMonthlyGross, lang),
                        rate: formatMoney(r.leaseTerms.monthlyRateGross, lang),
                        insurance: formatMoney(r.leaseTerms.insuranceMonthly, lang),
                        subsidy: formatMoney(r.leaseTerms.employerSubsidyMonthly, lang),
                        months: r.leaseTerms.termMonths,
                      })}
                    </span>
                  ) : null}
                </td>
                <td className="hidden md:table-cell md:px-3 md:py-3 md:align-top">{formatDate(r.submittedAt, lang)}</td>
                <td className="md:table-cell md:px-3 md:py-3 md:align-top" data-testid="request-checks">
                  <Badge tone={r.passed ? 'success' : 'danger'} title={r.checks.map((c) => c.text).join('\n')}>
                    {r.passed ? t('rulesMet') : t('rulesBroken')}
                  </Badge>
                  {r.passed ? null : (
                    <ul className="mt-1 text-xs text-ink">
                      {r.checks
                        .filter((c) => !c.passed)
                        .map((c) => (
                          <li key={c.text} className="break-words">
                            {c.text}
                          </li>
                        ))}
                    </ul>
                  )}
                </td>
                <td className="col-span-2 md:table-cell md:px-3 md:py-3 md:align-top">
                  <span className="flex flex-wrap gap-2 pt-1 md:pt-0">
                    {r.passed ? (
                      <Button size="sm" variant="secondary" aria-label={t('approveFor', { employee: r.employee.name })} onClick={() => setDialog({ kind: 'approve', ids: [r.requestId] })}>
                        {t('approveAsk')}
                      </Button>
                    ) : null}
                    <Button size="sm" variant="secondary" className="border-danger-700 text-danger-700" aria-label={t('declineFor', { employee: r.employee.name })} onClick={() => setDialog({ kind: 'decline', ids: [r.requestId] })}>
                      {t('declineAsk')}
                    </Button>
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <ApproveDialog requests={forDialog('approve')} skipped={dialog?.skipped ?? 0} open={dialog?.kind === 'approve'} onOpenChange={openChange} onDone={done} />
      <DeclineDialog requests={forDialog('decline')} open={dialog?.kind === 'decline'} onOpenChange={openChange} onDone={done} />
    </div>
  );
}
