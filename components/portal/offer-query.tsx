'use client';

import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useQuery, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTransition } from 'react';
import { ENV_COOKIE_NAME, setCookie } from '@/lib/portal/browser/cookies';
import { Button } from '@/components/ui/button';
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

/**
 * While the offer loads or could not be read: the loading line, or why, a link away and (with
 * `retry`) a retry. An offer of the other environment (`elsewhere`, which the user may open) is
 * offered there: the switch and the offer in one step.
 */
export function OfferUnavailable({ query, back, retry = false, elsewhere }: { query: UseQueryResult<Offer>; back: { href: string; label: string }; retry?: boolean; elsewhere?: Environment }) {
  const { t } = usePortal();
  const queryClient = useQueryClient();
  const router = useRouter();
  const [switching, startSwitch] = useTransition();
  if (query.isPending) {
    return (
      <p role="status" className="text-ink-muted">
        {t('loading')}
      </p>
    );
  }
  const notFound = query.error instanceof ApiRequestError && (query.error.status === 404 || query.error.status === 400);
  if (notFound && elsewhere) {
    const name = elsewhere === 'production' ? t('production') : t('sandbox');
    const open = () => {
      setCookie(ENV_COOKIE_NAME, elsewhere);
      queryClient.clear();
      startSwitch(() => router.refresh());
    };
    return (
      <Notice role="alert" tone="warning" size="card" className="space-y-2" data-testid="offer-elsewhere">
        <p>{t('notFoundElsewhere', { environment: name })}</p>
        <div className="flex flex-wrap items-center gap-3">
          <Button variant="primary" onClick={open} disabled={switching}>
            {t('switchAndOpen', { environment: name })}
          </Button>
          <Link href={back.href} className="font-medium underline">
            {back.label}
          </Link>
        </div>
      </Notice>
    );
  }
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
