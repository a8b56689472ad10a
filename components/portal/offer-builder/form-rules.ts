import { zodResolver } from '@hookform/resolvers/zod';
import { ApiErrorEntry } from '@/lib/api-client/browser/call';
import { useEffect, useState } from 'react';
import { get, set, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { createOfferBodySchema, updateOfferBodySchema, type CreateOfferBody, type UpdateOfferBody } from '@/lib/offers/contract/schemas';
import type { Offer, OfferValidation } from '@/lib/portal/browser/api';
import { amountOf, formProblems, toBody, type OfferFormValues } from '@/lib/portal/browser/offer-form';
import type { Lang } from '@/lib/i18n/messages';

// The builder's rules outside React: what the form submits, what it refuses itself, and the ids
// its fields carry (links to a field, focus and scrolling find them by these ids).

export type Body = CreateOfferBody | UpdateOfferBody;
export type Name = Path<OfferFormValues>;

export const CONTRACT_FIELDS = ['brandName', 'modelName', 'priceGross'] as const;
export const FORM_FIELD = /^(externalOfferId|customerName|customerEmail|withShipping|shippingCostGross|installationCostGross|deliveryDate|notes|product\.\w+|accessory\.\d+\.\w+)$/;
export const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const DRY_RUN_DELAY_MS = 600;

export type DryRun = { kind: 'checked'; validation: OfferValidation } | { kind: 'invalid'; errors: ApiErrorEntry[] };

/** The message under a field, by what said it: a rule, the stored status, the dry run's check, an info, a warning. */
export type FieldMsg = { text: string; kind: 'error' | 'status' | 'check' | 'info' | 'warning' };

export const fieldId = (name: string) => `f-${name.replace(/\./g, '-')}`;

/**
 * The body the dry run checks: the form's values when they pass the client-side checks (the API's
 * zod schema and the contract fields), else null. An edit is checked as the offer it would become.
 */
export function dryRunBody(values: OfferFormValues, offer: Offer | undefined, lang: Lang): CreateOfferBody | null {
  if (formProblems(values, lang, offer).length > 0) return null;
  const raw = toBody(values, lang);
  const merged = offer ? { ...raw, externalOfferId: offer.externalOfferId, customerName: offer.customerName, customerEmail: offer.customerEmail } : raw;
  const parsed = createOfferBodySchema.safeParse(merged);
  if (!parsed.success) return null;
  if (CONTRACT_FIELDS.some((f) => !values.product[f].trim())) return null;
  return parsed.data;
}

/**
 * zodResolver over the request body the form's values make, plus what the builder refuses itself
 * (amounts the page's locale cannot read, an implausible model year) and the product data
 * processing needs for a contract (brand, model, price), so a dealer is told before submitting.
 */
export function offerResolver(offer: Offer | undefined, lang: Lang): Resolver<OfferFormValues, unknown, Body> {
  const zod = (offer ? zodResolver(updateOfferBodySchema) : zodResolver(createOfferBodySchema)) as unknown as Resolver<
    ReturnType<typeof toBody>,
    unknown,
    Body
  >;
  return async (values, context, options) => {
    const result = await zod(toBody(values, lang), context, options as never);
    const errors = { ...result.errors } as FieldErrors<OfferFormValues>;
    for (const p of formProblems(values, lang, offer)) set(errors, p.name, { type: 'form', message: `form:${p.problem}` });
    for (const f of CONTRACT_FIELDS) {
      if (!values.product[f].trim() && !get(errors, `product.${f}`)) {
        errors.product = { ...(errors.product ?? {}), [f]: { type: 'contract', message: 'contract' } } as never;
      }
    }
    if (Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: result.values as Body, errors: {} };
  };
}

export function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

/** A price above its list price (processing rejects it): a warning at the price, not a block. */
export function priceAboveList(price: unknown, list: unknown, lang: Lang): boolean {
  const pv = amountOf(String(price ?? ''), lang);
  const lv = amountOf(String(list ?? ''), lang);
  return pv !== undefined && lv !== undefined && !Number.isNaN(pv) && !Number.isNaN(lv) && Math.round(pv * 100) > Math.round(lv * 100);
}
