import { useMemo } from 'react';
import { get, type FormState } from 'react-hook-form';
import type { Offer } from '@/lib/portal/browser/api';
import { formFieldName } from '@/lib/i18n/words';
import { formatAmount } from '@/lib/i18n/amount';
import { isNegativeMoney, modelYearRange, validationMessage, type OfferFormValues } from '@/lib/portal/browser/offer-form';
import { usePortal } from '../providers';
import { priceAboveList, type FieldMsg } from './form-rules';
import type { DryRunState } from './use-dry-run';

/**
 * The message shown under each field: its validation error, else what the dry run says about it,
 * else a status error of the offer (until the field is changed), else a price-above-list warning.
 */
export function useFieldMessages(formState: FormState<OfferFormValues>, offer: Offer | undefined, dryRun: DryRunState) {
  const { t, lang, words } = usePortal();
  const { watched, checkMessages } = dryRun;

  // Status errors of a rejected offer sit next to their fields until the field is changed.
  const statusErrors = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of offer?.status.errors ?? []) {
      if (e.field) map.set(formFieldName(e.field), words.entryText(e));
    }
    return map;
  }, [offer, words]);

  /** A problem the builder found itself, in words: the field, what was typed and how to write it. */
  function formProblemText(problem: string, name: string): string {
    const field = words.fieldLabel(name);
    if (problem === 'modelYear') return t('modelYearInvalid', { field, ...modelYearRange(new Date()) });
    if (problem === 'pastDate') return t('deliveryDatePast');
    const value = String(get(watched, name) ?? '').trim();
    const example = formatAmount(5000, lang);
    if (problem === 'separator') return t('amountSeparator', { field, value, example });
    if (problem === 'decimals') return t('amountDecimals', { field, example });
    return t('amountUnreadable', { field, value, example });
  }

  return function messageFor(name: string): FieldMsg | null {
    const err = get(formState.errors, name) as { message?: string; type?: string } | undefined;
    // A rule's error shows once the person has left the field or tried to submit: a row just
    // added is not wrong yet (the field array validates itself on append).
    const shown = err?.type === 'server' || formState.isSubmitted || !!get(formState.touchedFields, name);
    // A negative amount is wrong as soon as it is typed (the API refuses it; the total would go below zero).
    if (isNegativeMoney(get(watched, name), lang) && err?.type !== 'server') return { text: validationMessage('money', name, words), kind: 'error' };
    if (err?.message && shown) {
      if (err.message.startsWith('form:')) return { text: formProblemText(err.message.slice(5), name), kind: 'error' };
      if (err.message === 'contract') return { text: t('neededForContract', { field: words.fieldLabel(name) }), kind: 'error' };
      if (err.message === 'bidexCode') return { text: t('pickCategory'), kind: 'error' };
      return { text: validationMessage(err.message, name, words), kind: 'error' };
    }
    const check = checkMessages.get(name);
    if (check) return check;
    // The stored status errors are of the offer as submitted; a dry run of the form supersedes them.
    const status = statusErrors.get(name);
    if (status && dryRun.dryRun?.kind !== 'checked' && !get(formState.dirtyFields, name)) return { text: status, kind: 'status' };
    // A price above its list price: a warning at the price (processing would reject it) until the
    // check says it in its own words.
    const price = /^(product|accessory\.\d+)\.priceGross$/.exec(name);
    if (price && priceAboveList(get(watched, name), get(watched, `${price[1]}.listPriceGross`), lang)) return { text: t('priceAboveList'), kind: 'warning' };
    return null;
  };
}
