import type { Metadata } from 'next';
import Link from 'next/link';
import { notFound } from 'next/navigation';
import { RequestCard } from '@/components/employer/requests';
import { PageHeader } from '@/components/ui/page-header';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { employerRequest } from '@/lib/employer/use-cases/requests';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('requestsTitle') };
}

/**
 * One request (the HR mail's link): what was submitted, and approve/decline while it is open. Only
 * the signed-in HR staff of the request's employer see it; for anyone else it does not exist.
 */
export default async function RequestPage({ params }: { params: Promise<{ id: string }> }) {
  const { staff, lang, t } = await employerPage();
  const request = await employerRequest(staff, (await params).id, lang);
  if (!request) notFound();
  return (
    <div>
      <PageHeader
        title={t('requestTitle', { number: request.offerNumber })}
        meta={
          <Link href="/employer" className="rounded-control text-sm font-medium text-brand-700 underline underline-offset-2 focus-visible:focus-ring">
            {t('backToRequests')}
          </Link>
        }
      />
      <RequestCard request={request} />
    </div>
  );
}
