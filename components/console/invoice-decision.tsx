'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { FieldError } from '@/components/ui/field';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Textarea } from '@/components/ui/textarea';
import { consoleCall } from '@/lib/console/browser/client';
import type { OrderTextKey, OrderTranslate } from '@/lib/purchase-orders/browser/texts';
import { INVOICE_REJECTION_CODES, type InvoiceRejectionCode } from '@/lib/purchase-orders/rules/reject-reasons';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The operator's decision on one invoice: approve first (it waits for the next payout), or reject
// with reasons — codes of the fixed list, each with optional words in the operator's language
// (the dealer reads the code's words in its own language, and these words marked with theirs).

const rejectSchema = z.object({
  codes: z.array(z.enum(INVOICE_REJECTION_CODES)).min(1, 'v_reasonRequired'),
  texts: z.record(z.string(), z.string().max(500, 'v_reasonTooLong')),
});
type RejectForm = z.infer<typeof rejectSchema>;

export function InvoiceDecision({ invoiceId, label, t, onDecided }: { invoiceId: string; label: string; t: OrderTranslate; onDecided: () => void }) {
  const { words, lang } = useConsole();
  const ids = useId();
  const [rejecting, setRejecting] = useState(false);
  const approve = useMutation({ mutationFn: () => consoleCall('POST', `/api/console/invoices/${invoiceId}/approve`, words), onSuccess: onDecided });
  const reject = useMutation({
    mutationFn: (v: RejectForm) =>
      consoleCall('POST', `/api/console/invoices/${invoiceId}/reject`, words, {
        lang,
        reasons: v.codes.map((code) => ({ code, ...(v.texts[code]?.trim() ? { text: v.texts[code].trim() } : {}) })),
      }),
    onSuccess: onDecided,
  });
  const form = useForm<RejectForm>({ resolver: zodResolver(rejectSchema), defaultValues: { codes: [], texts: {} } });
  const chosen = useWatch({ control: form.control, name: 'codes' });
  const busy = approve.isPending || reject.isPending;
  const codesError = form.formState.errors.codes?.message;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-2">
        <Button variant="primary" className="min-h-11" disabled={busy} onClick={() => approve.mutate()} aria-label={`${t('approve')}: ${label}`} data-testid="approve-invoice">
          {approve.isPending ? t('working') : t('approve')}
        </Button>
        <Button variant="secondary" className="min-h-11" disabled={busy} aria-expanded={rejecting} aria-controls={`${ids}-reject`} onClick={() => setRejecting((v) => !v)}>
          {t('reject')}
        </Button>
      </div>
      <RequestFailed error={approve.error} />
      {rejecting ? (
        <form
          id={`${ids}-reject`}
          noValidate
          onSubmit={(e) => void form.handleSubmit((v) => reject.mutate(v))(e)}
          className="space-y-3 rounded-control border border-line p-3"
          aria-labelledby={`${ids}-legend`}
        >
          <fieldset aria-describedby={codesError ? `${ids}-codes-error` : undefined}>
            <legend id={`${ids}-legend`} className="text-sm font-semibold">
              {t('rejectReasons')}
            </legend>
            <div className="mt-1 space-y-2">
              {INVOICE_REJECTION_CODES.map((code: InvoiceRejectionCode) => (
                <div key={code}>
                  <div className="flex items-center gap-2">
                    <NativeCheckbox id={`${ids}-${code}`} value={code} {...form.register('codes')} />
                    <label htmlFor={`${ids}-${code}`} className="flex min-h-11 flex-1 cursor-pointer items-center text-sm">
                      {t(`reason_${code}` as OrderTextKey)}
                    </label>
                  </div>
                  {chosen.includes(code) ? (
                    <div className="ml-7">
                      <label htmlFor={`${ids}-${code}-text`} className="text-xs text-ink-muted">
                        {t('reasonText')}
                      </label>
                      <Textarea id={`${ids}-${code}-text`} rows={2} maxLength={500} {...form.register(`texts.${code}`)} />
                      <FieldError>{form.formState.errors.texts?.[code]?.message ? t('v_reasonTooLong') : null}</FieldError>
                    </div>
                  ) : null}
                </div>
              ))}
            </div>
            <FieldError id={`${ids}-codes-error`} role="alert">
              {codesError ? t(codesError as OrderTextKey) : null}
            </FieldError>
          </fieldset>
          <Button type="submit" variant="danger" className="min-h-11" disabled={busy} data-testid="reject-invoice">
            {reject.isPending ? t('working') : t('rejectConfirm')}
          </Button>
          <RequestFailed error={reject.error} />
        </form>
      ) : null}
    </div>
  );
}
