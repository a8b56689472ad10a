import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { EmailText } from '@/components/ui/email-text';
import type { EmployerTranslate } from '@/lib/employer/i18n';
import type { EmployerRequest } from '@/lib/employer/use-cases/requests';
import type { Lang } from '@/lib/i18n/messages';
import { formatDate, formatMoney } from '@/lib/i18n/words';

// The employer's decided requests at volume: one row each (employee, bicycle, dealer, total, what
// the person pays a month, the decision with who and when), each opening the request's page. A
// server table: the page's form narrows and pages it. Below 768 px each row is a card.

const itemName = (i: EmployerRequest['bicycle']) => [i.brandName, i.modelName].filter(Boolean).join(' ') || i.category;

export function HistoryTable({ requests, lang, t }: { requests: EmployerRequest[]; lang: Lang; t: EmployerTranslate }) {
  const th = 'px-3 py-2 text-left font-medium';
  const td = 'min-w-0 break-words md:table-cell md:px-3 md:py-3 md:align-top';
  return (
    <table className="block w-full text-sm md:table" data-testid="history-table">
      <caption className="sr-only">{t('historyTitle')}</caption>
      <thead className="hidden border-b border-line text-ink-muted md:table-header-group">
        <tr>
          <th scope="col" className={th}>
            {t('employee')}
          </th>
          <th scope="col" className={th}>
            {t('bicycle')}
          </th>
          <th scope="col" className={th}>
            {t('dealer')}
          </th>
          <th scope="col" className={`${th} md:text-right`}>
            {t('total')}
          </th>
          <th scope="col" className={th}>
            {t('decisionColumn')}
          </th>
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {requests.map((r) => (
          <tr
            key={`${r.requestId}`}
            data-testid="history-row"
            data-decision={r.decision ? (r.decision.approved ? 'approved' : 'declined') : 'closed'}
            className="grid grid-cols-1 gap-y-1 rounded-card border border-line bg-surface p-3 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0"
          >
            <td className={td}>
              {/* Not prefetched: a page of many requests would load every request page ahead. */}
              <Link href={`/employer/requests/${r.requestId}`} prefetch={false} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
                {r.employee.name}
              </Link>
              <EmailText email={r.employee.email} className="block text-ink-muted" />
              <span className="block text-xs text-ink-muted">{t('offerNumber', { number: r.offerNumber })}</span>
            </td>
            <td className={td}>
              {itemName(r.bicycle)}
              <span className="block text-xs text-ink-muted">{r.bicycle.category}</span>
            </td>
            <td className={`${td} text-ink-muted md:text-ink`}>{r.dealerName}</td>
            <td className={`${td} md:text-right`}>
              <span className="font-semibold tabular-nums">{formatMoney(r.totalPriceGross, lang)}</span>
              {r.leaseTerms ? (
                <span className="block text-xs text-ink-muted">
                  {t('leaseEmployeePays')}: {formatMoney(r.leaseTerms.employeeMonthlyGross, lang)}
                </span>
              ) : null}
            </td>
            <td className={td}>
              {r.decision ? (
                <>
                  <Badge tone={r.decision.approved ? 'success' : 'danger'}>{r.decision.approved ? t('decisionApproved') : t('decisionDeclined')}</Badge>
                  <span className="block text-xs text-ink-muted">{t('historyDecidedBy', { date: formatDate(r.decision.decidedAt, lang), name: r.decision.decidedBy })}</span>
                  {r.decision.reason ? <span className="block text-xs text-ink">{t('reasonText', { reason: r.decision.reason })}</span> : null}
                </>
              ) : (
                <>
                  <Badge tone="neutral">{t('historyClosedNoDecision')}</Badge>
                  {r.closedAt ? <span className="block text-xs text-ink-muted">{formatDate(r.closedAt, lang)}</span> : null}
                </>
              )}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}
