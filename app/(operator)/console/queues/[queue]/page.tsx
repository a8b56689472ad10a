import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { notFound } from 'next/navigation';
import { WorkQueueView } from '@/components/console/work-queue-view';
import { consoleLang, LANG_COOKIE } from '@/lib/console/i18n';
import { consolePage, type SearchParams } from '@/lib/console/http/page';
import { workTranslator, type WorkTextKey } from '@/lib/console/work-texts';
import { EMPLOYER_OVERDUE_DAYS, isWorkQueue, loadWorkQueue, queueQuery, readWorkQuery, workQueueChoices, type WorkQueue } from '@/lib/console/use-cases/work-queues';
import { QUEUE_FILTERS, workQueueSearch } from '@/lib/console/schemas';
import { invalidFiltersNote } from '@/components/console/filter-panel';
import { Notice } from '@/components/ui/notice';
import { PageHeader } from '@/components/ui/page-header';

type Params = Promise<{ queue: string }>;

const TITLE: Record<WorkQueue, WorkTextKey> = { decision: 'titleDecision', rejected: 'titleRejected', employer: 'titleEmployer', search: 'titleSearch' };
const INTRO: Record<WorkQueue, WorkTextKey> = { decision: 'introDecision', rejected: 'introRejected', employer: 'introEmployer', search: 'introSearch' };

export async function generateMetadata({ params }: { params: Params }): Promise<Metadata> {
  const { queue } = await params;
  const w = workTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value));
  return { title: isWorkQueue(queue) ? w(TITLE[queue], { days: EMPLOYER_OVERDUE_DAYS }) : undefined };
}

export default async function WorkQueuePage({ params, searchParams }: { params: Params; searchParams: SearchParams }) {
  const { lang, t, operator } = await consolePage();
  const { queue } = await params;
  if (!isWorkQueue(queue)) notFound();
  const w = workTranslator(lang);
  const raw = await searchParams;
  const read = readWorkQuery(raw);
  // A filter this queue does not offer is not applied (and not shown); a malformed one is named.
  const query = queueQuery(queue, read.query);
  const offered: readonly string[] = QUEUE_FILTERS[queue];
  const invalid = read.invalid.filter((k) => offered.includes(k) || ['sortBy', 'order', 'page'].includes(k));
  const now = new Date();
  const [page, choices] = await Promise.all([loadWorkQueue(queue, query, now), workQueueChoices()]);
  const note = invalidFiltersNote(
    invalid,
    { q: w('search'), status: w('status'), code: t('filterCode'), dealer: t('dealer'), environment: t('environment'), age: w('minAge'), page: t('filterPage'), sortBy: w('sort'), order: w('sort') },
    t,
  );
  const first = (key: string) => {
    const v = raw[key];
    return Array.isArray(v) ? undefined : v;
  };

  return (
    <div className="space-y-section">
      <PageHeader title={w(TITLE[queue], { days: EMPLOYER_OVERDUE_DAYS })} description={w(INTRO[queue], { days: EMPLOYER_OVERDUE_DAYS })} />
      {note ? (
        <Notice role="alert" tone="warning">
          {note}
        </Notice>
      ) : null}
      <WorkQueueView
        queue={queue}
        initial={page}
        initialSearch={workQueueSearch(queue, first)}
        now={now.toISOString()}
        operatorId={operator.id}
        dealers={choices.dealers}
        codes={[...new Set([...choices.codes, 'OPERATOR_DECLINED', 'EMPLOYER_DECLINED'])]}
        caption={w(TITLE[queue], { days: EMPLOYER_OVERDUE_DAYS })}
        overdueDays={EMPLOYER_OVERDUE_DAYS}
      />
    </div>
  );
}
