import type { Metadata } from 'next';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { RequestsTable } from '@/components/employer/requests-table';
import { PageHeader } from '@/components/ui/page-header';
import { waitingRequests } from '@/lib/employer/use-cases/requests';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('requestsTitle') };
}

/** The requests waiting for the employer's decision: a table, oldest first, searchable and sortable. */
export default async function RequestsPage() {
  const { staff, lang, t } = await employerPage();
  const requests = await waitingRequests(staff, lang);
  return (
    <div>
      <PageHeader title={t('requestsTitle')} description={t('requestsIntro')} meta={<p className="text-sm font-medium text-ink">{t('requestsCount', { count: requests.length })}</p>} />
      {requests.length === 0 ? (
        <p className="text-ink" data-testid="no-requests">
          {t('noRequests')}
        </p>
      ) : (
        <RequestsTable requests={requests} />
      )}
    </div>
  );
}
