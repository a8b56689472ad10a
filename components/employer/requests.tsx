'use client';

import { useId, useState } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { EmailText } from '@/components/ui/email-text';
import { LeaseTermsSummary } from '@/components/lease-terms-summary';
import type { EmployerRequest } from '@/lib/employer/use-cases/requests';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/words';
import { ApproveDialog, DeclineDialog, itemName } from './decision-dialogs';
import { useEmployer } from './providers';

// The employer's requests: each with employee, dealer, bicycle, accessories, total and the checks
// of the employer's rules; a waiting one with approve and decline (a reason, read by the employee
// and the dealer), each asked first, a decided one with its decision. The server checks everything again.

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
          <span className="break-words">
            {r.employee.name} · <EmailText email={r.employee.email} />
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
  const { t } = useEmployer();
  const [dialog, setDialog] = useState<'approve' | 'decline' | null>(null);
  const employee = request.employee.name;
  const toggle = (which: 'approve' | 'decline') => (open: boolean) => setDialog(open ? which : null);
  return (
    <div className="space-y-2 border-t border-line pt-3">
      {!request.passed ? <p className="text-sm text-ink">{t('checksFailedHint')}</p> : null}
      <div className="flex flex-wrap gap-2">
        {request.passed ? (
          <ApproveDialog
            requests={[request]}
            open={dialog === 'approve'}
            onOpenChange={toggle('approve')}
            trigger={
              <Button variant="secondary" className="h-11" aria-label={t('approveFor', { employee })}>
                {t('approveAsk')}
              </Button>
            }
          />
        ) : null}
        <DeclineDialog
          requests={[request]}
          open={dialog === 'decline'}
          onOpenChange={toggle('decline')}
          trigger={
            <Button variant="secondary" className="h-11 border-danger-700 text-danger-700" aria-label={t('declineFor', { employee })}>
              {t('declineAsk')}
            </Button>
          }
        />
      </div>
    </div>
  );
}
