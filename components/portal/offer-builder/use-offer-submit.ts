import { useQueryClient } from '@tanstack/react-query';
import { apiErrorText, ApiRequestError } from '@/lib/api-client/browser/call';
import { useRouter } from 'next/navigation';
import { useEffect, useState } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import { updateOfferBodySchema, type CreateOfferBody } from '@/lib/offers/contract/schemas';
import { createOffer, updateOffer, type Offer } from '@/lib/portal/browser/api';
import { formFieldName } from '@/lib/i18n/words';
import { toBody, updateBody, type OfferFormValues } from '@/lib/portal/browser/offer-form';
import { offerQueryKey } from '../offer-query';
import { usePortal } from '../providers';
import { fieldId, FORM_FIELD, type Body, type Name } from './form-rules';

/**
 * Submitting the builder and finding the way back to what is wrong: the create or update call, the
 * API's 400/406/409 answers mapped onto the fields (the first one focused) and into the form's error
 * box (focused, so it is read out), and a field focused by name (`focus` on arrival, a link to it).
 */
export function useOfferSubmit(form: UseFormReturn<OfferFormValues, unknown, Body>, offer: Offer | undefined, focus: string | undefined) {
  const { t, lang, environment, words } = usePortal();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { setError, setFocus } = form;
  const [formError, setFormError] = useState<string | null>(null);

  useEffect(() => {
    if (!focus || !FORM_FIELD.test(focus)) return;
    const timer = setTimeout(() => {
      setFocus(focus as Name);
      document.getElementById(fieldId(focus))?.scrollIntoView({ block: 'center' });
    }, 0);
    return () => clearTimeout(timer);
  }, [focus, setFocus]);

  function focusField(apiField: string) {
    const name = formFieldName(apiField);
    setFocus(name as Name);
    document.getElementById(fieldId(name))?.scrollIntoView({ block: 'center' });
  }

  function showFormError(message: string) {
    setFormError(message);
    setTimeout(() => document.getElementById('form-error')?.focus(), 0);
  }

  function applyApiError(err: unknown) {
    if (!(err instanceof ApiRequestError)) {
      showFormError(t('errorGeneric', { message: apiErrorText(err, words) }));
      return;
    }
    const onFields = err.errors.filter((e) => e.details && FORM_FIELD.test(formFieldName(e.details)));
    let first: Name | undefined;
    for (const e of onFields) {
      const name = formFieldName(e.details!) as Name;
      setError(name, { type: 'server', message: words.entryText(e) });
      first ??= name;
    }
    const general = err.errors.filter((e) => !onFields.includes(e)).map((e) => words.entryText(e));
    if (err.status === 400) {
      if (first) setFocus(first);
      showFormError(general.length > 0 ? general.join(' ') : t('formHasErrors'));
    } else if (err.status === 406) {
      showFormError(t('errorBeingProcessed'));
    } else if (err.status === 409) {
      showFormError(t('errorConflict', { message: err.errors.map((e) => words.entryText(e)).join(' ') }));
      if (first) setFocus(first);
    } else {
      showFormError(t('errorGeneric', { message: err.errors.map((e) => words.entryText(e)).join(' ') }));
    }
  }

  async function submit(body: Body) {
    setFormError(null);
    try {
      let saved: Offer;
      if (offer) {
        // An edit sends the fields the dealer did not touch as the offer has them; a draft left as
        // it was is not sent at all (a rejected one is: that is its resubmission).
        const changed = updateBody(form.getValues(), offer, lang);
        if (!changed && offer.status.current.code !== 'rejected') {
          router.push(`/portal/offers/${offer.id}`);
          return;
        }
        const sent = changed ?? toBody(form.getValues(), lang);
        saved = await updateOffer(offer.id, { ...updateOfferBodySchema.parse(sent), deliveryDate: sent.deliveryDate });
      } else {
        // The picked day goes as the day it is (the API reads it in Europe/Berlin), not as the
        // instant the schema's parse made of it.
        saved = await createOffer({ ...(body as CreateOfferBody), deliveryDate: toBody(form.getValues(), lang).deliveryDate });
      }
      queryClient.setQueryData(offerQueryKey(environment, saved.id), saved);
      await queryClient.invalidateQueries({ queryKey: ['offers'] });
      await queryClient.invalidateQueries({ queryKey: ['history', environment, saved.id] });
      router.push(`/portal/offers/${saved.id}`);
    } catch (err) {
      applyApiError(err);
    }
  }

  const onInvalid = () => showFormError(t('formHasErrors'));

  return { formError, submit, onInvalid, focusField };
}
