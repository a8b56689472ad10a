import { Badge } from '@/components/ui/badge';
import { EmailText } from '@/components/ui/email-text';
import type { EmployerTranslate } from '@/lib/employer/i18n';
import type { Lease } from '@/lib/employer/use-cases/leases';
import type { Lang } from '@/lib/i18n/messages';
import { formatDate, formatMoney } from '@/lib/i18n/words';

// The employer's leases: one row each (employee with personnel number, bicycle, period, the
// monthly amounts), a table from 768 px, a card per lease below it.

const cell = 'md:table-cell md:px-3 md:py-3 md:align-top';

export function LeasesTable({ leases, today, lang, t }: { leases: Lease[]; today: string; lang: Lang; t: EmployerTranslate }) {
  const soon = new Date(`${today}T00:00:00Z`);
  soon.setUTCMonth(soon.getUTCMonth() + 2);
  const soonIso = soon.toISOString().slice(0, 10);
  return (
    <table className="block w-full text-sm md:table" data-testid="leases-table">
      <caption className="sr-only">{t('leasesTitle')}</caption>
      <thead className="hidden border-b border-line text-ink-muted md:table-header-group">
        <tr>
          {[t('employee'), t('bicycle'), `${t('leaseStart')} – ${t('leaseEnd')}`, t('salaryConversion'), t('taxableBenefit'), t('employerSubsidy')].map((h, i) => (
            <th key={h} scope="col" className={`px-3 py-2 font-medium ${i >= 3 ? 'text-right' : 'text-left'}`}>
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="block space-y-3 md:table-row-group md:space-y-0">
        {leases.map((l) => (
          <tr key={l.offerId} data-testid="lease-row" className="grid grid-cols-2 gap-x-3 gap-y-1 rounded-card border border-line bg-surface p-3 md:table-row md:rounded-none md:border-x-0 md:border-t-0 md:p-0">
            <td className={`col-span-2 min-w-0 ${cell}`}>
              <span className="font-semibold text-ink">{l.name}</span>
              <span className="block text-ink-muted" data-testid="lease-personnel-number">
                {t('personnelNumber')}: {l.personnelNumber ?? t('noPersonnelNumber')}
              </span>
              <EmailText email={l.email} className="block text-ink-muted" />
            </td>
            <td className={`col-span-2 min-w-0 break-words ${cell}`}>
              {l.bicycle || '—'}
              <span className="block text-xs text-ink-muted">{t('offerNumber', { number: l.offerNumber })}</span>
            </td>
            <td className={`col-span-2 ${cell}`}>
              <span className="tabular-nums">{t('leasePeriod', { start: formatDate(l.leaseStart, lang), end: formatDate(l.leaseEnd, lang) })}</span>
              {l.leaseEnd < today ? (
                <Badge tone="neutral" className="ml-2">
                  {t('leaseEnded')}
                </Badge>
              ) : l.leaseEnd <= soonIso ? (
                <Badge tone="waiting" className="ml-2">
                  {t('leaseEndsSoon')}
                </Badge>
              ) : null}
            </td>
            {(
              [
                ['salaryConversion', l.employeeMonthlyGross],
                ['taxableBenefit', l.taxableBenefitMonthly],
                ['employerSubsidy', l.employerSubsidyMonthly],
              ] as const
            ).map(([label, value]) => (
              <td key={label} className={`${cell} md:text-right`}>
                <span className="text-xs text-ink-muted md:hidden">{t(label)}: </span>
                <span className="tabular-nums" data-testid={`lease-${label}`}>
                  {formatMoney(value, lang)}
                </span>
              </td>
            ))}
          </tr>
        ))}
      </tbody>
    </table>
  );
}
