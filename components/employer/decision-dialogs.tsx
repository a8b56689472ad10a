'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { FieldError, Label } from '@/components/ui/field';
import { Textarea } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { DECLINE_REASON_MAX } from '@/lib/employer/schemas';
import type { EmployerRequest, RequestItem } from '@/lib/employer/use-cases/requests';
import { formatMoney } from '@/lib/i18n/words';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { useEmployer } from './providers';

// The employer's decisions, each asked first: approving names the requests and what follows (the
// operator's final check; it cannot be taken back), declining asks for the reason the employees
// and dealers read. One request or several (the list's selection); each is decided on its own by
// the server, which checks everything again — the toast says how many were decided and why others
// were not.

export const itemName = (i: RequestItem) => [i.brandName, i.modelName].filter(Boolean).join(' ') || i.category;

type Body = { decision: 'approve' } | { decision: 'decline'; reason: string };

function useDecide() {
  const { t, words } = useEmployer();
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function decide(requests: EmployerRequest[], body: Body): Promise<boolean> {
    setBusy(true);
    setError(null);
    const failed: string[] = [];
    for (const r of requests) {
      const answer = await portalCall('POST', `/api/employer/requests/${r.requestId}/decision`, words, { body });
      if (!answer.ok) failed.push(`${r.employee.name}: ${answer.message}`);
    }
    setBusy(false);
    const done = requests.length - failed.length;
    if (requests.length === 1 && done === 1) {
      const employee = requests[0]!.employee.name;
      toast.success(body.decision === 'approve' ? t('approved', { employee }) : t('declinedDone', { employee }));
    } else if (done > 0) {
      toast.success(body.decision === 'approve' ? t('bulkApproved', { count: done }) : t('bulkDeclined', { count: done }));
    }
    if (done > 0) router.refresh();
    if (failed.length > 0) {
      setError(t('decisionFailed', { message: failed.join('; ') }));
      return false;
    }
    return true;
  }
  return { busy, error, decide };
}

function Summary({ requests }: { requests: EmployerRequest[] }) {
  const { lang } = useEmployer();
  return (
    <ul className="max-h-48 space-y-1 overflow-y-auto text-sm" data-testid="decision-summary">
      {requests.map((r) => (
        <li key={r.requestId} className="break-words">
          <span className="font-medium">{r.employee.name}</span> · {itemName(r.bicycle)} · <span className="tabular-nums">{formatMoney(r.totalPriceGross, lang)}</span>
        </li>
      ))}
    </ul>
  );
}

/** Asks before approving `requests` (those that meet the rules); `skipped` are named as not approvable. */
export function ApproveDialog({
  requests,
  skipped = 0,
  open,
  onOpenChange,
  trigger,
  onDone,
}: {
  requests: EmployerRequest[];
  skipped?: number;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: React.ReactNode;
  onDone?: () => void;
}) {
  const { t } = useEmployer();
  const { busy, error, decide } = useDecide();
  const single = requests.length === 1 && skipped === 0;
  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={single ? t('approveTitle', { employee: requests[0]!.employee.name }) : t('approveBulkTitle', { count: requests.length })}
      description={t('approveText')}
      cancelLabel={t('keep')}
      confirmLabel={t('approve')}
      busy={busy || requests.length === 0}
      onConfirm={async () => {
        const ok = await decide(requests, { decision: 'approve' });
        if (ok) onDone?.();
        return ok;
      }}
    >
      <Summary requests={requests} />
      {skipped > 0 ? <p className="text-sm text-ink">{t('bulkNotApprovable', { count: skipped })}</p> : null}
      {error ? <Notice role="alert">{error}</Notice> : null}
    </AlertDialog>
  );
}

/** Asks for the reason before declining `requests`. */
export function DeclineDialog({
  requests,
  open,
  onOpenChange,
  trigger,
  onDone,
}: {
  requests: EmployerRequest[];
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger?: React.ReactNode;
  onDone?: () => void;
}) {
  const { t } = useEmployer();
  const id = useId();
  const { busy, error, decide } = useDecide();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const single = requests.length === 1;

  async function confirm(): Promise<boolean> {
    const text = reason.trim();
    if (!text) return (setProblem(t('reasonRequired')), false);
    if (text.length > DECLINE_REASON_MAX) return (setProblem(t('reasonTooLong', { max: DECLINE_REASON_MAX })), false);
    setProblem(null);
    const ok = await decide(requests, { decision: 'decline', reason: text });
    if (ok) {
      setReason('');
      onDone?.();
    }
    return ok;
  }

  return (
    <AlertDialog
      open={open}
      onOpenChange={onOpenChange}
      trigger={trigger}
      title={single ? t('declineTitle') : t('declineBulkTitle', { count: requests.length })}
      description={single ? t('declineText', { employee: requests[0]!.employee.name }) : t('declineBulkText')}
      cancelLabel={t('keep')}
      confirmLabel={t('confirmDecline')}
      destructive
      busy={busy || requests.length === 0}
      onConfirm={confirm}
    >
      {single ? null : <Summary requests={requests} />}
      <div>
        <Label htmlFor={`${id}-reason`}>
          {t('reason')} <span aria-hidden="true">*</span>
        </Label>
        <Textarea
          id={`${id}-reason`}
          name="reason"
          rows={3}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
          maxLength={DECLINE_REASON_MAX}
          className="mt-1 text-base"
          aria-required="true"
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-reason-error` : undefined}
        />
        <FieldError id={`${id}-reason-error`}>{problem}</FieldError>
      </div>
      {error ? <Notice role="alert">{error}</Notice> : null}
    </AlertDialog>
  );
}
