'use client';

import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { getOffer, type Offer } from '@/lib/portal/browser/api';
import type { Environment } from '@/lib/shared/model';
import { usePortal } from './providers';
import { Notice } from '@/components/ui/notice';

// One offer as the portal's pages read it (the offer page, its edit form, a copy): one cache key,
// and one way to say "loading" or why it could not be read.

/** The query key of an offer in the portal's cache. */
export const offerQueryKey = (environment: Environment, id: string) => ['offer', environment, id] as const;

/** Reads the offer `id` of the portal's environment; `refetchInterval` as TanStack Query takes it. */
export function useOffer(id: string, refetchInterval?: (data: Offer | undefined) => number | false): UseQueryResult<Offer> {
  const { environment } = usePortal();
  return useQuery({
    queryKey: offerQueryKey(environment, id),
    queryFn: ({ signal }) => getOffer(id, signal),
    refetchInterval: refetchInterval && ((q) => refetchInterval(q.state.data)),
  });
}

/** While the offer loads or could not be read: the loading line, or why, a link away and (with `retry`) a retry. */
export function OfferUnavailable({ query, back, retry = false }: { query: UseQueryResult<Offer>; back: { href: string; label: string }; retry?: boolean }) {
  const { t } = usePortal();
  if (query.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {t('loading')}
      </p>
    );
  }
  const notFound = query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
  return (
    <Notice role="alert" size="card">
      <p>{notFound ? t('notFound') : t('offerLoadError')}</p>
      {retry && !notFound ? (
        <button type="button" onClick={() => void query.refetch()} className="mr-4 mt-2 font-medium underline">
          {t('retry')}
        </button>
      ) : null}
      <Link href={back.href} className="mt-2 inline-block font-medium underline">
        {back.label}
      </Link>
    </Notice>
  );
}
