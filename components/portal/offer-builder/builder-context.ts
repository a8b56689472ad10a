import { createContext, useContext } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { OfferFormValues } from '@/lib/portal/browser/offer-form';
import type { Body, FieldMsg } from './form-rules';
import type { Catalogue } from './use-catalogue';
import type { RememberedProducts } from './use-remembered-products';

/** What every field of the builder reads: the form, the message under a field, the catalogue, the suggestions' words. */
export type BuilderFields = {
  form: UseFormReturn<OfferFormValues, unknown, Body>;
  messageFor: (name: string) => FieldMsg | null;
  categories: Catalogue['categories'];
  describe: RememberedProducts['describe'];
};

export const BuilderFieldsContext = createContext<BuilderFields | null>(null);

export function useBuilderFields(): BuilderFields {
  const value = useContext(BuilderFieldsContext);
  if (!value) throw new Error('useBuilderFields outside the offer builder');
  return value;
}
