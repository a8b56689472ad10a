'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useId, useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Notice } from '@/components/ui/notice';
import { berlinToday } from '@/lib/api/dates';
import { callOwn } from '@/lib/api-client/browser/call';
import { formatMoney } from '@/lib/i18n/words';
import type { Offer } from '@/lib/portal/browser/api';
import { invoiceFormData, invoiceFormSchema, type InvoiceForm } from '@/lib/purchase-orders/browser/order-forms';
import { placeErrors, type OrderTextKey, type OrderTranslate } from '@/lib/purchase-orders/browser/texts';
import { OrderField } from './order-field';
import { usePortal } from './providers';

// The dealer's invoice of a handed-over order (or its correction after a rejection): number, date,
// the gross amount typed the page's way (`5.000,00`, `5000`, `5000,00`), the PDF. What the server
// refuses is said at its field: another amount (naming the offer's total), not a PDF, a used number.

const FIELDS = ['invoiceNumber', 'invoiceDate', 'amountGross', 'document'] as const;

export function InvoiceForm({ offer, t, correction, onDone }: { offer: Offer; t: OrderTranslate; correction: boolean; onDone: (next: Offer) => void }) {
  const { words, lang } = usePortal();
  const ids = useId();
  const schema = useMemo(() => invoiceFormSchema(lang), [lang]);
  const form = useForm<InvoiceForm>({
    resolver: zodResolver(schema),
    defaultValues: { invoiceNumber: '', invoiceDate: berlinToday(), amountGross: '', document: undefined },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (v: InvoiceForm) => callOwn<Offer>('POST', `/api/portal/offers/${offer.id}/invoice`, words, { body: invoiceFormData(v, lang) }),
    onSuccess: (next) => {
      toast.success(t('invoiceDone'));
      form.reset();
      onDone(next);
    },
    onError: (err) => {
      const placed = placeErrors(err, FIELDS, words, t, (v) => formatMoney(v, lang));
      for (const f of FIELDS) if (placed.fields[f]) form.setError(f, { message: placed.fields[f] });
      setFormError(placed.form);
      const first = FIELDS.find((f) => placed.fields[f]);
      if (first && first !== 'document') form.setFocus(first);
    },
  });
  const errors = form.formState.errors;
  const say = (message: string | undefined) => (message ? (message.startsWith('v_') ? t(message as OrderTextKey) : message) : null);

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-title`}
      data-testid="invoice-form"
      onSubmit={(e) => {
        setFormError(null);
        void form.handleSubmit((v) => mutation.mutate(v))(e);
      }}
      className="grid gap-4"
    >
      <h3 id={`${ids}-title`} className="text-lg font-semibold">
        {correction ? t('invoiceCorrectTitle') : t('invoiceTitle')}
      </h3>
      <p className="text-sm text-ink-muted">{t('invoiceIntro', { total: formatMoney(offer.totalPriceGross, lang) })}</p>
      <OrderField
        id={`${ids}-number`}
        label={t('invoiceNumber')}
        error={say(errors.invoiceNumber?.message)}
        required
        autoComplete="off"
        spellCheck={false}
        enterKeyHint="next"
        {...form.register('invoiceNumber')}
      />
      <OrderField id={`${ids}-date`} type="date" label={t('invoiceDate')} error={say(errors.invoiceDate?.message)} required max={berlinToday()} {...form.register('invoiceDate')} />
      <OrderField
        id={`${ids}-amount`}
        label={t('amountGross')}
        hint={t('amountGrossHint')}
        error={say(errors.amountGross?.message)}
        required
        autoComplete="off"
        inputMode="decimal"
        enterKeyHint="next"
        className="tabular-nums"
        {...form.register('amountGross')}
      />
      <OrderField
        id={`${ids}-document`}
        type="file"
        accept="application/pdf,.pdf"
        label={t('invoiceDocument')}
        hint={t('invoiceDocumentHint')}
        error={say(errors.document?.message)}
        required
        className="py-2 text-base"
        {...form.register('document')}
      />
      {formError ? (
        <Notice role="alert" tone="danger">
          {formError}
        </Notice>
      ) : null}
      <Button type="submit" variant="primary" className="h-12 w-full text-base sm:w-auto" disabled={mutation.isPending} data-testid="invoice-submit">
        {mutation.isPending ? t('invoiceSending') : correction ? t('invoiceCorrectSubmit') : t('invoiceSubmit')}
      </Button>
    </form>
  );
}
