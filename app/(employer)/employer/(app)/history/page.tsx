import type { Metadata } from 'next';
import Link from 'next/link';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { RequestCard } from '@/components/employer/requests';
import { buttonVariants } from '@/components/ui/button';
import { PageHeader } from '@/components/ui/page-header';
import { decidedRequests } from '@/lib/employer/use-cases/requests';

const PAGE_SIZE = 20;

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('historyTitle') };
}

/** The employer's decided requests, newest decision first, a page at a time (`?page=`). */
export default async function HistoryPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const { staff, lang, t } = await employerPage();
  const raw = (await searchParams).page;
  const page = typeof raw === 'string' && /^\d{1,6}$/.test(raw) && Number(raw) > 0 ? Number(raw) : 1;
  const { requests, total } = await decidedRequests(staff, lang, { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE });
  const from = total === 0 ? 0 : (page - 1) * PAGE_SIZE + 1;
  const to = Math.min(total, page * PAGE_SIZE);
  return (
    <div>
      <PageHeader title={t('historyTitle')} description={t('historyIntro')} meta={total > 0 ? <p className="text-sm text-ink">{t('resultCount', { from, to, total })}</p> : null} />
      {requests.length === 0 ? (
        <p className="text-ink">{t('noHistory')}</p>
      ) : (
        <div className="space-y-4">
          {requests.map((r) => (
            <RequestCard key={`${r.offerId}-${r.submittedAt}`} request={r} />
          ))}
        </div>
      )}
      {total > PAGE_SIZE ? (
        <nav aria-label={t('pages')} className="mt-6 flex flex-wrap gap-2">
          {page > 1 ? (
            <Link href={`/employer/history?page=${page - 1}`} className={buttonVariants({ variant: 'secondary' })}>
              {t('previousPage')}
            </Link>
          ) : null}
          {to < total ? (
            <Link href={`/employer/history?page=${page + 1}`} className={buttonVariants({ variant: 'secondary' })}>
              {t('nextPage')}
            </Link>
          ) : null}
        </nav>
      ) : null}
    </div>
  );
}
