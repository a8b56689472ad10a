'use client';

import { useRouter } from 'next/navigation';
import { useId, useState, type FormEvent } from 'react';
import { toast } from 'sonner';
import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { Dialog, DialogClose, DialogContent, DialogFooter, DialogHeader, DialogTrigger } from '@/components/ui/dialog';
import { FieldError, Label } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { DECLINE_REASON_MAX } from '@/lib/employer/schemas';
import type { EmployerRequest, RequestItem } from '@/lib/employer/use-cases/requests';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { useEmployer } from './providers';

// The employer's requests: each with employee, dealer, bicycle, accessories, total and the checks
// of the employer's rules; a waiting one with approve and decline (a reason, read by the employee
// and the dealer), a decided one with its decision. The server checks everything again.

const itemName = (i: RequestItem) => [i.brandName, i.modelName].filter(Boolean).join(' ') || i.category;

export function RequestCard({ request }: { request: EmployerRequest }) {
  const { t, lang } = useEmployer();
  const ids = useId();
  const r = request;
  const waiting = r.state === 'open';
  return (
    <Card aria-labelledby={`${ids}-title`} data-testid="employer-request" data-offer-id={r.offerId} data-request-id={r.requestId} className="space-y-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <div className="min-w-0">
          <h2 id={`${ids}-title`} className="break-words text-base font-semibold text-ink">
            {t('requestHeading', { employee: r.employee.name, bicycle: itemName(r.bicycle) })}
          </h2>
          <p className="text-sm text-ink-muted">
            {t('offerNumber', { number: r.offerNumber })} · {t('submittedAt', { date: formatDateTime(r.submittedAt, lang) })}
          </p>
        </div>
        {r.sandbox ? (
          <Badge tone="waiting" title={t('sandboxHint')}>
            {t('sandboxBadge')}
          </Badge>
        ) : null}
      </div>
      <dl className="grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
        <Item label={t('employee')}>
          <span className="break-all">
            {r.employee.name} · {r.employee.email}
          </span>
        </Item>
        <Item label={t('dealer')}>{r.dealerName}</Item>
        <Item label={t('bicycle')}>
          {itemName(r.bicycle)} <span className="text-ink-muted">· {r.bicycle.category}</span> · {formatMoney(r.bicycle.priceGross, lang)}
        </Item>
        <Item label={t('accessories')}>
          {r.accessories.length === 0 ? (
            t('noAccessories')
          ) : (
            <ul>
              {r.accessories.map((a, i) => (
                <li key={i}>
                  {itemName(a)} <span className="text-ink-muted">· {a.category}</span> · {formatMoney(a.priceGross, lang)}
                </li>
              ))}
            </ul>
          )}
        </Item>
        <Item label={t('total')}>
          <span className="font-semibold tabular-nums" data-testid="request-total">
            {formatMoney(r.totalPriceGross, lang)}
          </span>
        </Item>
        <Item label={t('deliveryDate')}>{r.deliveryDate ? formatDate(r.deliveryDate, lang) : t('noDeliveryDate')}</Item>
      </dl>
      {r.leaseTerms ? (
        <div data-testid="request-lease">
          <h3 className="text-sm font-semibold text-ink">{t('leaseTitle')}</h3>
          <LeaseTermsSummary terms={r.leaseTerms} audience="employer" lang={lang} t={t} kept />
        </div>
      ) : null}
      {r.checks.length > 0 ? (
        <div>
          <h3 className="text-sm font-semibold text-ink">{t('checksTitle')}</h3>
          <ul className="mt-1 space-y-1 text-sm" data-testid="request-checks">
            {r.checks.map((c) => (
              <li key={c.text} className="flex flex-wrap items-baseline gap-2">
                <Badge tone={c.passed ? 'success' : 'danger'}>{c.passed ? t('checkPassed') : t('checkFailed')}</Badge>
                <span className="min-w-0 break-words">{c.text}</span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {r.decision ? <DecisionLine request={r} /> : null}
      {r.state === 'closed' ? (
        <p className="border-t border-line pt-3 text-sm text-ink-muted" data-testid="request-closed">
          {t('requestClosed', { date: formatDateTime(r.closedAt!, lang) })}
        </p>
      ) : null}
      {waiting ? <DecisionActions request={r} /> : null}
    </Card>
  );
}

function Item({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="min-w-0">
      <dt className="text-xs font-medium text-ink-muted">{label}</dt>
      <dd className="break-words text-ink">{children}</dd>
    </div>
  );
}

function DecisionLine({ request }: { request: EmployerRequest }) {
  const { t, lang } = useEmployer();
  const d = request.decision!;
  return (
    <div className="space-y-1 border-t border-line pt-3 text-sm" data-testid="request-decision">
      <p className="flex flex-wrap items-center gap-2">
        <Badge tone={d.approved ? 'success' : 'danger'}>{d.approved ? t('decisionApproved') : t('decisionDeclined')}</Badge>
        <span>{t('decidedBy', { name: d.decidedBy, date: formatDateTime(d.decidedAt, lang) })}</span>
      </p>
      {d.reason ? <p className="break-words">{t('reasonText', { reason: d.reason })}</p> : null}
    </div>
  );
}

function DecisionActions({ request }: { request: EmployerRequest }) {
  const { t, lang } = useEmployer();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const employee = request.employee.name;

  async function decide(body: { decision: 'approve' } | { decision: 'decline'; reason: string }): Promise<boolean> {
    setBusy(true);
    setError(null);
    const answer = await portalCall('POST', `/api/employer/requests/${request.requestId}/decision`, lang, { body });
    setBusy(false);
    if (!answer.ok) {
      setError(t('decisionFailed', { message: answer.message }));
      return false;
    }
    // The decided request leaves the list: the toast says what happened after its card is gone.
    toast.success(body.decision === 'approve' ? t('approved', { employee }) : t('declinedDone', { employee }));
    router.refresh();
    return true;
  }

  return (
    <div className="space-y-2 border-t border-line pt-3">
      {!request.passed ? <p className="text-sm text-ink">{t('checksFailedHint')}</p> : null}
      <div className="flex flex-wrap gap-2">
        {request.passed ? (
          <Button variant="primary" className="h-11" disabled={busy} aria-label={t('approveFor', { employee })} onClick={() => void decide({ decision: 'approve' })}>
            {t('approve')}
          </Button>
        ) : null}
        <DeclineDialog employee={employee} busy={busy} onDecline={(reason) => decide({ decision: 'decline', reason })} />
      </div>
      {error ? <Notice role="alert">{error}</Notice> : null}
    </div>
  );
}

function DeclineDialog({ employee, busy, onDecline }: { employee: string; busy: boolean; onDecline: (reason: string) => Promise<boolean> }) {
  const { t } = useEmployer();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const reason = String(new FormData(e.currentTarget).get('reason') ?? '').trim();
    if (!reason) return setProblem(t('reasonRequired'));
    if (reason.length > DECLINE_REASON_MAX) return setProblem(t('reasonTooLong', { max: DECLINE_REASON_MAX }));
    setProblem(null);
    if (await onDecline(reason)) setOpen(false);
  }

  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <DialogTrigger asChild>
        <Button variant="secondary" className="h-11 border-danger-700 text-danger-700" disabled={busy} aria-label={t('declineFor', { employee })}>
          {t('decline')}
        </Button>
      </DialogTrigger>
      <DialogContent closeLabel={t('close')}>
        <form onSubmit={(e) => void submit(e)} noValidate className="grid gap-4">
          <DialogHeader title={t('declineTitle')} description={t('declineText', { employee })} />
          <div>
            <Label htmlFor={`${id}-reason`}>
              {t('reason')} <span aria-hidden="true">*</span>
            </Label>
            <Textarea
              id={`${id}-reason`}
              name="reason"
              rows={3}
              maxLength={DECLINE_REASON_MAX}
              className="mt-1 text-base"
              aria-required="true"
              aria-invalid={problem ? true : undefined}
              aria-describedby={problem ? `${id}-reason-error` : undefined}
            />
            <FieldError id={`${id}-reason-error`}>{problem}</FieldError>
          </div>
          <DialogFooter>
            <DialogClose asChild>
              <Button variant="secondary">{t('keep')}</Button>
            </DialogClose>
            <Button type="submit" variant="danger" disabled={busy}>
              {t('confirmDecline')}
            </Button>
          </DialogFooter>
        </form>
      </DialogContent>
    </Dialog>
  );
}
