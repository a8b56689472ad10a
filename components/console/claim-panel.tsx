'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { FieldHint } from '@/components/ui/field';
import { consoleCall } from '@/lib/console/browser/client';
import { formatDateTime } from '@/lib/i18n/words';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// Who works on this offer: take it ("In Bearbeitung von Ihnen"), hand it back ("Bearbeitung
// abgeben", set apart from the decisions below), or take it over from another operator explicitly.
// A claim goes stale after its time (docs/console.md, "Claims"). A closed (final) offer is worked
// on by nobody: no claim is offered.

export type ClaimView = { operatorName: string; claimedAt: string; mine: boolean } | null;

export function ClaimPanel({ offerId, claim, ttlMinutes, closed }: { offerId: string; claim: ClaimView; ttlMinutes: number; closed?: string }) {
  const { t, lang, words } = useConsole();
  const router = useRouter();
  const mutation = useMutation({
    mutationFn: (what: 'take' | 'takeOver' | 'release') =>
      what === 'release'
        ? consoleCall('DELETE', `/api/console/offers/${offerId}/claim`, words)
        : consoleCall('POST', `/api/console/offers/${offerId}/claim`, words, { takeOver: what === 'takeOver' }),
    onSuccess: () => router.refresh(),
  });
  const since = claim ? formatDateTime(claim.claimedAt, lang) : '';
  if (closed) {
    return (
      <Card aria-labelledby="claim-heading" data-testid="claim">
        <CardHeader id="claim-heading" title={t('claimTitle')} />
        <p className="text-sm text-ink" data-testid="claim-state">
          {t('claimClosed', { status: closed })}
        </p>
      </Card>
    );
  }
  return (
    <Card aria-labelledby="claim-heading" data-testid="claim">
      <CardHeader id="claim-heading" title={t('claimTitle')} />
      <p className="text-sm text-ink" data-testid="claim-state">
        {claim === null ? t('claimFree') : claim.mine ? t('claimMine', { since }) : t('claimOther', { name: claim.operatorName, since })}
      </p>
      <FieldHint>{t('claimHint', { minutes: ttlMinutes })}</FieldHint>
      <div className="mt-3 flex flex-wrap gap-2">
        {claim === null ? (
          <Button variant="secondary" disabled={mutation.isPending} onClick={() => mutation.mutate('take')}>
            {t('claimTake')}
          </Button>
        ) : claim.mine ? (
          <>
            <Button variant="secondary" disabled={mutation.isPending} onClick={() => mutation.mutate('take')}>
              {t('claimRenew')}
            </Button>
            <Button variant="ghost" className="ml-auto border-line text-ink-muted" disabled={mutation.isPending} onClick={() => mutation.mutate('release')}>
              {t('claimRelease')}
            </Button>
          </>
        ) : (
          <Button variant="secondary" disabled={mutation.isPending} onClick={() => mutation.mutate('takeOver')}>
            {t('claimTakeOver', { name: claim.operatorName })}
          </Button>
        )}
      </div>
      <RequestFailed error={mutation.error} className="mt-2" />
    </Card>
  );
}
