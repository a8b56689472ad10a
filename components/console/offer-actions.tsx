'use client';

import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useState } from 'react';
import { toast } from 'sonner';
import { consoleCall } from '@/lib/console/browser/client';
import { type StepBody } from '@/lib/console/schemas';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { Card, CardHeader } from '@/components/ui/card';
import { FieldHint } from '@/components/ui/field';
import { Notice } from '@/components/ui/notice';
import { CancelDialog, DeclineDialog, OnBehalfDialog, STEP_TEXT } from './offer-action-dialogs';
import { useConsole } from './providers';

// The actions on one offer. The page passes only what the lifecycle allows in the offer's status;
// the server checks again (lifecycle module) and records each action with the operator. A final
// decision (approve to done) and a decline ask first; every action ends in a toast saying the new
// status. Opened from a queue, a decision goes on to the queue's next offer.

export type AllowedAction = StepBody['action'] | 'cancel' | 'reprocess';

type OfferAnswer = { status: { current: { code: string } } };


type Run = { path: string; body?: { action?: string } & Record<string, unknown> };

const DECISIONS: readonly string[] = ['employer_approve', 'employer_decline', 'operator_approve', 'operator_decline'];

/** Where a decision taken from a queue goes on to: the queue's next offer, or the queue when none is left. */
export type QueueNext = { queueHref: string; nextHref: string | null };

export function OfferActions({ offerId, offerNumber, allowed, next }: { offerId: string; offerNumber: string; allowed: AllowedAction[]; next?: QueueNext }) {
  const { t, words } = useConsole();
  const router = useRouter();
  const [done, setDone] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const mutation = useMutation({
    mutationFn: (run: Run) => consoleCall<OfferAnswer>('POST', `/api/console/offers/${offerId}/${run.path}`, words, run.body),
    onSuccess: (offer, run) => {
      const status = offer.status.current.code;
      const goOn = next && DECISIONS.includes(run.body?.action ?? '');
      toast.success(t('toastStep', { number: offerNumber, status: words.statusLabel(status) }), {
        description: goOn ? t(next.nextHref ? 'toastNext' : 'toastQueueEmpty') : undefined,
        action: goOn ? { label: t('toastOpenOffer'), onClick: () => router.push(`/console/offers/${offerId}`) } : undefined,
        // A toast with a way back stays long enough to take it.
        duration: goOn ? 10_000 : undefined,
      });
      setConfirming(false);
      if (goOn) {
        router.push(next.nextHref ?? next.queueHref);
        return;
      }
      setDone(status);
      router.refresh();
    },
  });
  const run = (r: Run) => {
    setDone(null);
    return mutation.mutateAsync(r);
  };
  const error = mutation.error ? (mutation.error instanceof ApiRequestError ? mutation.error.message : String(mutation.error)) : null;
  const simple = allowed.filter((a): a is 'start_order' | 'submit_order' | 'employer_approve' => ['start_order', 'submit_order', 'employer_approve'].includes(a));

  return (
    <Card aria-labelledby="actions-heading" data-testid="offer-actions">
      <CardHeader id="actions-heading" title={t('actions')} description={t('actionsIntro')} />
      {allowed.length === 0 ? <p className="text-sm text-ink">{t('noActions')}</p> : null}
      <div className="flex flex-wrap gap-2">
        {simple.map((action) => (
          <OnBehalfDialog key={action} action={action} busy={mutation.isPending} onSubmit={(onBehalfReason) => run({ path: 'steps', body: { action, onBehalfReason } })} />
        ))}
        {allowed.includes('operator_approve') ? (
          <AlertDialog
            open={confirming}
            onOpenChange={setConfirming}
            trigger={
              <Button variant="primary" disabled={mutation.isPending}>
                {t(STEP_TEXT.operator_approve)}
              </Button>
            }
            title={t('approveOneTitle', { number: offerNumber })}
            description={t('w_approveText', { count: 1 })}
            cancelLabel={t('cancel')}
            confirmLabel={mutation.isPending ? t('working') : t('approveOneConfirm')}
            busy={mutation.isPending}
            onConfirm={() => {
              void run({ path: 'steps', body: { action: 'operator_approve' } }).catch(() => setConfirming(false));
              return false;
            }}
          />
        ) : null}
        {allowed.includes('employer_decline') ? (
          <DeclineDialog
            action="employer_decline"
            busy={mutation.isPending}
            onSubmit={(reason, onBehalfReason) => run({ path: 'steps', body: { action: 'employer_decline', reason, onBehalfReason } })}
          />
        ) : null}
        {allowed.includes('operator_decline') ? (
          <DeclineDialog action="operator_decline" busy={mutation.isPending} onSubmit={(reason) => run({ path: 'steps', body: { action: 'operator_decline', reason } })} />
        ) : null}
        {allowed.includes('reprocess') ? (
          <Button variant="secondary" disabled={mutation.isPending} aria-describedby="reprocess-hint" onClick={() => void run({ path: 'reprocess' }).catch(() => {})}>
            {t('reprocess')}
          </Button>
        ) : null}
        {allowed.includes('cancel') ? <CancelDialog busy={mutation.isPending} onSubmit={(body) => run({ path: 'cancel', body })} /> : null}
      </div>
      {allowed.includes('reprocess') ? <FieldHint id="reprocess-hint">{t('reprocessHint')}</FieldHint> : null}
      <div aria-live="polite" className="mt-3 text-sm text-ink">
        {mutation.isPending ? <p>{t('working')}</p> : null}
        {done ? (
          <p className="font-medium" data-testid="action-result">
            {t('actionDone', { status: words.statusLabel(done) })}
          </p>
        ) : null}
      </div>
      {error ? (
        <Notice role="alert" className="mt-2">
          {t('requestFailed', { message: error })}
        </Notice>
      ) : null}
    </Card>
  );
}
