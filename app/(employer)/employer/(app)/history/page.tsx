import type { Metadata } from 'next';
import Link from 'next/link';
import { ChangeLog } from '@/components/employer/change-log';
import { ListPages, pageParam } from '@/components/employer/list-controls';
import { RequestCard } from '@/components/employer/requests';
import { PageHeader } from '@/components/ui/page-header';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { employerChanges } from '@/lib/employer/use-cases/history';
import { decidedRequests } from '@/lib/employer/use-cases/requests';

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('historyTitle') };
}

/**
 * The employer's history, a page at a time (`?page=`): its decided requests, newest decision first,
 * or (`?view=changes`) the changes to its rules and roster, newest first.
 */
export default async function HistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { staff, lang, t } = await employerPage();
  const params = await searchParams;
  const page = pageParam(params.page);
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
    <nav aria-label={t('historyTitle')} className="mb-4 flex flex-wrap gap-2">
      {tab('decisions', t('historyDecisions'))}
      {tab('changes', t('historyChanges'))}
    </nav>
  );
  if (view === 'changes') {
    const { changes, total } = await employerChanges(staff, lang, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
    return (
      <div>
        <PageHeader title={t('historyChanges')} />
        {tabs}
        {changes.length === 0 ? <p className="text-ink">{t('noChanges')}</p> : <ChangeLog changes={changes} lang={lang} t={t} />}
        <ListPages base="/employer/history" params={{ view: 'changes' }} page={page} pageSize={PAGE_SIZE} total={total} t={t} />
      </div>
    );
  }
  const { requests, total } = await decidedRequests(staff, lang, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  return (
    <div>
      <PageHeader title={t('historyTitle')} description={t('historyIntro')} />
      {tabs}
      {requests.length === 0 ? (
        <p className="text-ink">{t('noHistory')}</p>
      ) : (
        <div className="space-y-4">
          {requests.map((r) => (
            <RequestCard key={`${r.offerId}-${r.submittedAt}`} request={r} />
          ))}
        </div>
      )}
      <ListPages base="/employer/history" params={{}} page={page} pageSize={PAGE_SIZE} total={total} t={t} />
    </div>
  );
}
