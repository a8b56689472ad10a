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
import { handoverBody, handoverFormSchema, type HandoverForm } from '@/lib/purchase-orders/browser/order-forms';
import { placeErrors, type OrderTextKey, type OrderTranslate } from '@/lib/purchase-orders/browser/texts';
import { isEBikeCategory } from '@/lib/purchase-orders/rules/handover';
import { OrderField } from './order-field';
import { usePortal } from './providers';

// The handover at the counter, on a phone held across it: the employee's pickup code, the frame
// number, the battery's serial number (e-bikes), the day (today, Berlin). What the server refuses
// is said at its field: a wrong code with the tries left, a locked or expired code.

const FIELDS = ['pickupCode', 'frameNumber', 'batterySerialNumber', 'handedOverOn'] as const;

export function HandoverForm({ offer, t, onDone }: { offer: Offer; t: OrderTranslate; onDone: (next: Offer) => void }) {
  const { words, lang } = usePortal();
  const ids = useId();
  const eBike = isEBikeCategory(offer.product.bidexCode);
  const schema = useMemo(() => handoverFormSchema(offer.product.bidexCode), [offer.product.bidexCode]);
  const form = useForm<HandoverForm>({
    resolver: zodResolver(schema),
    defaultValues: { pickupCode: '', frameNumber: '', batterySerialNumber: '', handedOverOn: berlinToday() },
  });
  const [formError, setFormError] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (v: HandoverForm) => callOwn<Offer>('POST', `/api/portal/offers/${offer.id}/handover`, words, { body: handoverBody(v) }),
    onSuccess: (next) => {
      toast.success(t('handoverDone'));
      onDone(next);
    },
    onError: (err) => {
      const placed = placeErrors(err, FIELDS, words, t, (v) => formatMoney(v, lang));
      for (const f of FIELDS) if (placed.fields[f]) form.setError(f, { message: placed.fields[f] });
      setFormError(placed.form);
      const first = FIELDS.find((f) => placed.fields[f]);
      if (first) form.setFocus(first);
    },
  });
  const errors = form.formState.errors;
  // A client check's message is a text key; the server's is already words.
  const say = (message: string | undefined) => (message ? (message.startsWith('v_') ? t(message as OrderTextKey) : message) : null);

  return (
    <form
      noValidate
      aria-labelledby={`${ids}-title`}
      data-testid="handover-form"
      onSubmit={(e) => {
        setFormError(null);
        void form.handleSubmit((v) => mutation.mutate(v))(e);
      }}
      className="grid gap-4"
    >
      <h3 id={`${ids}-title`} className="text-lg font-semibold">
        {t('handoverTitle')}
      </h3>
      <p className="text-sm text-ink-muted">{t('handoverIntro')}</p>
      <OrderField
        id={`${ids}-code`}
        label={t('pickupCode')}
        hint={t('pickupCodeHint')}
        error={say(errors.pickupCode?.message)}
        required
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        enterKeyHint="next"
        className="font-mono"
        {...form.register('pickupCode')}
      />
      <OrderField
        id={`${ids}-frame`}
        label={t('frameNumber')}
        hint={t('frameNumberHint')}
        error={say(errors.frameNumber?.message)}
        required
        autoComplete="off"
        autoCorrect="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        enterKeyHint="next"
        {...form.register('frameNumber')}
      />
      {eBike ? (
        <OrderField
          id={`${ids}-battery`}
          label={t('batterySerialNumber')}
          hint={t('batterySerialHint')}
          error={say(errors.batterySerialNumber?.message)}
          required
          autoComplete="off"
          autoCorrect="off"
          autoCapitalize="characters"
          spellCheck={false}
          inputMode="text"
          enterKeyHint="next"
          {...form.register('batterySerialNumber')}
        />
      ) : null}
      <OrderField
        id={`${ids}-day`}
        type="date"
        label={t('handedOverOn')}
        hint={t('handedOverOnHint')}
        error={say(errors.handedOverOn?.message)}
        required
        max={berlinToday()}
        autoComplete="off"
        {...form.register('handedOverOn')}
      />
      {formError ? (
        <Notice role="alert" tone="danger">
          {formError}
        </Notice>
      ) : null}
      <Button type="submit" variant="primary" className="h-12 w-full text-base sm:w-auto" disabled={mutation.isPending} data-testid="handover-submit">
        {mutation.isPending ? t('handoverSending') : t('handoverSubmit')}
      </Button>
    </form>
  );
}
