'use client';

import { useMemo } from 'react';
import { useFieldArray, useForm } from 'react-hook-form';
import type { Offer } from '@/lib/portal/browser/api';
import { emptyOfferForm, fromOffer, type OfferFormValues } from '@/lib/portal/browser/offer-form';
import { Notice } from '@/components/ui/notice';
import { usePortal } from '../providers';
import { AccessoriesSection } from './accessories-section';
import { BicycleSection } from './bicycle-section';
import { BuilderFieldsContext } from './builder-context';
import { CustomerSection } from './customer-section';
import { DeliverySection, NotesSection } from './delivery-section';
import { offerResolver, type Body } from './form-rules';
import { BuilderSummary } from './summary';
import { useCatalogue } from './use-catalogue';
import { useDryRun } from './use-dry-run';
import { useFieldMessages } from './use-field-messages';
import { useOfferSubmit } from './use-offer-submit';
import { useRememberedProducts } from './use-remembered-products';

// The offer builder (new and edit): react-hook-form validated by the API's own zod schemas, the
// categories from the catalogue, the API's 400/406/409 answers mapped back onto the form, and a
// dry run (POST /v1/offers/validate) that shows the processor's business checks before submitting.

/**
 * The builder: a new offer (empty, or `copy` of an existing offer's values with `copiedFrom` its
 * offer number), or the edit of `offer`.
 */
export function OfferBuilder({ offer, focus, copy, copiedFrom }: { offer?: Offer; focus?: string; copy?: OfferFormValues; copiedFrom?: string }) {
  const { t, lang } = usePortal();
  const resolver = useMemo(() => offerResolver(offer, lang), [offer, lang]);
  const form = useForm<OfferFormValues, unknown, Body>({
    defaultValues: offer ? fromOffer(offer, lang) : (copy ?? emptyOfferForm()),
    resolver,
    mode: 'onTouched',
  });
  const { control, handleSubmit, formState } = form;
  const accessories = useFieldArray({ control, name: 'accessory' });
  const catalogue = useCatalogue(control);
  const dryRun = useDryRun(form, offer);
  const messageFor = useFieldMessages(formState, offer, dryRun);
  const { formError, submit, onInvalid, focusField } = useOfferSubmit(form, offer, focus);
  const products = useRememberedProducts(form, dryRun.watched, catalogue);
  const rejected = offer?.status.current.code === 'rejected' && offer.status.errors.length > 0;

  return (
    <BuilderFieldsContext.Provider value={{ form, messageFor, categories: catalogue.categories, describe: products.describe }}>
      <form onSubmit={handleSubmit(submit, onInvalid)} noValidate className="grid gap-6 lg:grid-cols-[1fr_18rem]">
        <div className="space-y-5">
          <div>
            <h1 className="text-2xl font-bold">{offer ? t('builderEditTitle', { number: offer.offerNumber }) : t('builderNewTitle')}</h1>
            <p className="text-sm text-ink-muted">{t('builderIntro')}</p>
            {copiedFrom && !offer ? (
              <p className="mt-1 text-sm text-ink-muted" data-testid="copied-from">
                {t('copiedFrom', { number: copiedFrom })}
              </p>
            ) : null}
          </div>

          <div id="form-error" tabIndex={-1} role="alert" className="focus:outline-none">
            {formError ? <Notice>{formError}</Notice> : null}
          </div>

          {rejected ? <Notice data-testid="rejected-note">{t('rejectedNote')}</Notice> : null}

          <CustomerSection offer={offer} catalogue={catalogue} />
          <BicycleSection restricted={catalogue.restricted} products={products} />
          <AccessoriesSection accessories={accessories} restricted={catalogue.restricted} products={products} />
          <DeliverySection />
          <NotesSection />
        </div>

        <BuilderSummary offer={offer} control={control} dryRun={dryRun} submitting={formState.isSubmitting} onFocusField={focusField} />
      </form>
    </BuilderFieldsContext.Provider>
  );
}
