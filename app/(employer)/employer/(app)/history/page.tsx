import type { Metadata } from 'next';
import Link from 'next/link';
import { HistoryTable } from '@/components/employer/history-table';
import { Button, buttonVariants } from '@/components/ui/button';
import { Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { PageHeader } from '@/components/ui/page-header';
import { ChangeLog } from '@/components/employer/change-log';
import { ListPages, pageParam } from '@/components/employer/list-controls';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { employerChanges } from '@/lib/employer/use-cases/history';
import { decidedRequests } from '@/lib/employer/use-cases/requests';

const PAGE_SIZE = 25;

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('historyTitle') };
}

type Query = { q?: string; decision?: 'approved' | 'declined'; page: number };

/** The page's filters from its query string; a value nobody could mean is left out. */
function readQuery(params: Record<string, string | string[] | undefined>): Query {
  const one = (k: string) => (typeof params[k] === 'string' ? (params[k] as string) : undefined);
  const q = one('q')?.trim().slice(0, 100) || undefined;
  const decision = one('decision') === 'approved' || one('decision') === 'declined' ? (one('decision') as 'approved' | 'declined') : undefined;
  const raw = one('page');
  const page = raw && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  return { q, decision, page };
}

const href = (q: Query, page: number) => {
  const params = new URLSearchParams();
  if (q.q) params.set('q', q.q);
  if (q.decision) params.set('decision', q.decision);
  if (page > 1) params.set('page', String(page));
  const s = params.toString();
  return s ? `/employer/history?${s}` : '/employer/history';
};

/**
 * The employer's history: its decided requests, newest decision first — a table, searchable,
 * filtered by decision, a page at a time — or (`?view=changes`) the changes to its rules and
 * roster, newest first.
 */
export default async function HistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { staff, lang, t } = await employerPage();
  const params = await searchParams;
  const view = params.view === 'changes' ? 'changes' : 'decisions';
  const tab = (v: 'decisions' | 'changes', label: string) => (
    <Link
      href={v === 'changes' ? '/employer/history?view=changes' : '/employer/history'}
      aria-current={view === v ? 'page' : undefined}
      className={`rounded-control px-3 py-2 text-sm font-medium ${view === v ? 'bg-brand-600 text-white' : 'text-brand-700 hover:underline'}`}
    >
      {label}
    </Link>
  );
  const tabs = (
    <nav aria-label={t('historyTitle')} className="flex flex-wrap gap-2">
      {tab('decisions', t('historyDecisions'))}
      {tab('changes', t('historyChanges'))}
    </nav>
  );
  if (view === 'changes') {
    const page = pageParam(params.page);
    const { changes, total } = await employerChanges(staff, lang, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    return (
      <div className="space-y-4">
        <PageHeader title={t('historyChanges')} />
        {tabs}
        {changes.length === 0 ? <p className="text-ink">{t('noChanges')}</p> : <ChangeLog changes={changes} lang={lang} t={t} />}
        <ListPages base="/employer/history" params={{ view: 'changes' }} page={page} pageSize={PAGE_SIZE} total={total} t={t} />
      </div>
    );
  }
  const query = readQuery(params);
  const { requests, total } = await decidedRequests(staff, lang, { limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE, decision: query.decision, q: query.q });
  const from = total === 0 ? 0 : (query.page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, query.page * PAGE_SIZE);
  const filtered = !!(query.q || query.decision);
  return (
    <div className="space-y-4">
      <PageHeader title={t('historyTitle')} description={t('historyIntro')} />
      {tabs}
      <form method="get" action="/employer/history" className="flex flex-wrap items-end gap-3" data-testid="history-filters">
        <div className="min-w-0 flex-[1_1_16rem]">
          <Label htmlFor="history-q">{t('search')}</Label>
          <Input id="history-q" name="q" type="search" className="mt-1 h-control" defaultValue={query.q ?? ''} placeholder={t('historySearchPlaceholder')} />
        </div>
        <div className="flex-[0_1_12rem]">
          <Label htmlFor="history-decision">{t('historyDecisionFilter')}</Label>
          <NativeSelect id="history-decision" name="decision" className="mt-1" defaultValue={query.decision ?? ''}>
            <option value="">{t('historyAllDecisions')}</option>
            <option value="approved">{t('decisionApproved')}</option>
            <option value="declined">{t('decisionDeclined')}</option>
          </NativeSelect>
        </div>
        <Button type="submit" variant="secondary" className="h-control">
          {t('historyShow')}
        </Button>
        {filtered ? (
          <Link href="/employer/history" className="rounded-control text-sm font-medium text-brand-700 underline underline-offset-2 focus-visible:focus-ring">
            {t('historyReset')}
          </Link>
        ) : null}
      </form>
      <p className="text-sm text-ink" data-testid="history-count">
        {total > 0 ? t('resultCount', { from, to, total }) : filtered ? t('historyNoMatch') : t('noHistory')}
      </p>
      {requests.length > 0 ? <HistoryTable requests={requests} lang={lang} t={t} /> : null}
      {total > PAGE_SIZE ? (
        <nav aria-label={t('pages')} className="flex flex-wrap gap-2">
          {query.page > 1 ? (
            <Link href={href(query, query.page - 1)} className={buttonVariants({ variant: 'secondary' })}>
              {t('previousPage')}
            </Link>
          ) : null}
          {to < total ? (
            <Link href={href(query, query.page + 1)} className={buttonVariants({ variant: 'secondary' })}>
              {t('nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
