import Link from 'next/link';
import { errorCodeLabel, formatCount, formatDate, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';
import { queueHref, type RejectionsChartView } from '@/lib/console/use-cases/queue';
import type { QueueQuery } from '@/lib/console/schemas';
import { TableScroll } from '@/components/ui/table-scroll';

// Rejections per error code over the last weeks: one row per code, this week's most common first.
// Each row has a small column chart of the weeks (each column links to that week's offers with
// the code) and a bar of this week (linking to this week's offers with the code). Plain HTML and
// CSS; every number is also written as text, so nothing depends on seeing the bars.

const BAR_MAX_PX = 44;
const DAY_MS = 86_400_000;

function weekRange(monday: string) {
  const end = new Date(Date.parse(`${monday}T00:00:00Z`) + 6 * DAY_MS).toISOString().slice(0, 10);
  return { from: monday, to: end };
}

export function RejectionsChart({ chart, query, lang, t }: { chart: RejectionsChartView; query: QueueQuery; lang: Lang; t: ConsoleTranslate }) {
  const weeks = chart.weeks.map((monday, i) => ({ monday, number: chart.weekNumbers[i]! }));
  const last = weeks.length - 1;
  const max = Math.max(1, ...chart.codes.flatMap((c) => c.counts));
  const maxThisWeek = Math.max(1, ...chart.codes.map((c) => c.counts[last]!));
  const top = chart.codes[0] && chart.codes[0].counts[last]! > 0 ? chart.codes[0] : null;
  const base = { dealer: query.dealer, environment: query.environment };
  const thisWeek = weekRange(weeks[last]!.monday);

  return (
    <section aria-labelledby="chart-heading" className="rounded-card border border-line bg-surface p-4" data-testid="rejections-chart">
      <h2 id="chart-heading" className="text-lg font-semibold">
        {t('chartTitle')}
      </h2>
      <p className="mt-1 text-sm text-ink-muted">{t('chartIntro', { weeks: weeks.length })}</p>
      {chart.codes.length === 0 ? (
        <p className="mt-3 text-sm text-ink-muted">{t('chartEmpty', { weeks: weeks.length })}</p>
      ) : (
        <>
          <p className="mt-3 text-base font-semibold text-ink" data-testid="chart-top">
            {top ? (
              <Link href={queueHref(base, { code: top.code, ...thisWeek })} className="underline underline-offset-2 hover:text-brand-700">
                {t('chartTopThisWeek', { code: errorCodeLabel(top.code, lang), count: top.counts[last]! })}
              </Link>
            ) : (
              t('chartNothingThisWeek')
            )}
          </p>
          <TableScroll className="mt-3">
            <table className="min-w-full text-left text-sm">
              <caption className="sr-only">{t('chartTitle')}</caption>
              <thead className="text-xs text-ink-muted">
                <tr className="border-b border-line">
                  <th scope="col" className="py-2 pr-4 font-semibold uppercase tracking-wide">
                    {t('chartCode')}
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold max-sm:hidden">
                    <span className="sr-only">{t('chartWeeks')}</span>
                    <span aria-hidden="true" className="flex gap-1">
                      {weeks.map((w, i) => (
                        <span key={w.monday} className={`w-8 text-center tabular-nums ${i === last ? 'font-bold text-ink' : 'font-normal'}`}>
                          {t('weekShort', { week: w.number })}
                        </span>
                      ))}
                    </span>
                  </th>
                  <th scope="col" className="py-2 pr-4 font-semibold uppercase tracking-wide">
                    {t('chartThisWeek')}
                  </th>
                  <th scope="col" className="py-2 text-right font-semibold uppercase tracking-wide">
                    {t('chartTotal')}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-line">
                {chart.codes.map((row) => {
                  const now = row.counts[last]!;
                  return (
                    <tr key={row.code} data-code={row.code}>
                      <th scope="row" className="py-2 pr-4 align-bottom font-normal">
                        <Link
                          href={queueHref(base, { code: row.code })}
                          className="font-medium text-brand-700 underline-offset-2 hover:underline"
                          aria-label={t('chartCodeLink', { code: errorCodeLabel(row.code, lang), count: row.total })}
                        >
                          {errorCodeLabel(row.code, lang)}
                        </Link>
                      </th>
                      <td className="py-2 pr-4 align-bottom max-sm:hidden">
                        <div className="flex items-end gap-1" style={{ height: `${BAR_MAX_PX + 14}px` }}>
                          {row.counts.map((count, i) => {
                            const w = weeks[i]!;
                            const label = t('chartBar', { code: errorCodeLabel(row.code, lang), count, week: w.number, date: formatDate(w.monday, lang) });
                            const height = count === 0 ? 2 : Math.max(6, Math.round((count / max) * BAR_MAX_PX));
                            const bar = (
                              <span
                                className={`block w-8 rounded-t-control ${count === 0 ? 'bg-line' : i === last ? 'bg-brand-900' : 'bg-brand-600'}`}
                                style={{ height: `${height}px` }}
                              />
                            );
                            return count === 0 ? (
                              <span key={w.monday} className="flex w-8 flex-col items-center" title={label}>
                                <span className="sr-only">{label}</span>
                                {bar}
                              </span>
                            ) : (
                              <Link
                                key={w.monday}
                                href={queueHref(base, { code: row.code, ...weekRange(w.monday) })}
                                className="flex w-8 flex-col items-center text-xs tabular-nums text-ink hover:opacity-80"
                                title={label}
                                aria-label={label}
                              >
                                <span aria-hidden="true">{formatCount(count, lang)}</span>
                                {bar}
                              </Link>
                            );
                          })}
                        </div>
                      </td>
                      <td className="py-2 pr-4 align-bottom">
                        {now > 0 ? (
                          <Link
                            href={queueHref(base, { code: row.code, ...thisWeek })}
                            className="flex items-center gap-2 hover:opacity-80 sm:min-w-40"
                            aria-label={t('chartBar', { code: errorCodeLabel(row.code, lang), count: now, week: weeks[last]!.number, date: formatDate(weeks[last]!.monday, lang) })}
                          >
                            <span className="block h-4 rounded-r-control bg-brand-900" style={{ width: `${Math.max(8, Math.round((now / maxThisWeek) * 96))}px` }} />
                            <span className="font-semibold tabular-nums">{formatCount(now, lang)}</span>
                          </Link>
                        ) : (
                          <span className="tabular-nums text-ink-muted">0</span>
                        )}
                      </td>
                      <td className="py-2 text-right align-bottom tabular-nums">{formatCount(row.total, lang)}</td>
                    </tr>
                  );
                })}
              </tbody>
            </table>
          </TableScroll>
        </>
      )}
    </section>
  );
}
