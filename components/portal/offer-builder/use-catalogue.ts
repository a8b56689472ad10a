import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useMemo } from 'react';
import { useWatch, type Control } from 'react-hook-form';
import { getCategories } from '@/lib/portal/browser/api';
import type { OfferFormValues } from '@/lib/portal/browser/offer-form';
import { portalCall } from '@/lib/portal/browser/portal-call';
import type { ProductMemory } from '@/lib/portal/product-memory';
import { usePortal } from '../providers';
import { EMAIL, useDebounced, type Body } from './form-rules';

/**
 * What the builder offers to pick from: the catalogue's categories (restricted to the employer's
 * allowed ones when the customer is an employee) and the products this dealer offered before.
 */
export function useCatalogue(control: Control<OfferFormValues, unknown, Body>) {
  const { lang, environment, words } = usePortal();
  const email = useWatch({ control, name: 'customerEmail' });
  const debouncedEmail = useDebounced((email ?? '').trim().toLowerCase(), 400);
  const employeeEmail = EMAIL.test(debouncedEmail) ? debouncedEmail : '';
  const categories = useQuery({
    queryKey: ['categories', lang, employeeEmail],
    queryFn: async () => {
      try {
        return await getCategories(lang, employeeEmail || undefined);
      } catch (err) {
        // An address our pattern lets through but the API does not: the unrestricted catalogue.
        if (employeeEmail && err instanceof ApiRequestError && err.status === 400) return getCategories(lang);
        throw err;
      }
    },
    staleTime: 5 * 60_000,
    placeholderData: keepPreviousData,
  });
  const restricted = categories.data?.meta.restrictedForEmployee ?? false;
  // The catalogue answered for this very address and found no employee: the customer cannot order yet.
  const notEmployee = employeeEmail !== '' && categories.isSuccess && !categories.isPlaceholderData && !restricted;

  // The products this dealer offered before (GET /api/portal/products, scoped by the server to the
  // signed-in dealer and the portal's environment): fetched once per visit of the builder, so a
  // product submitted on the last visit is suggested on this one; matched as it is typed.
  const memory = useQuery({
    queryKey: ['products', environment],
    queryFn: async () => {
      const answer = await portalCall<ProductMemory>('GET', '/api/portal/products', words);
      if (!answer.ok) throw new Error(answer.message);
      return answer.data;
    },
    staleTime: Infinity,
    refetchOnMount: 'always',
    refetchOnWindowFocus: false,
    retry: false,
  });
  const categoryNames = useMemo(
    () => new Map([...(categories.data?.data.bicycles ?? []), ...(categories.data?.data.accessories ?? [])].map((e) => [e.bidexCode, e.name])),
    [categories.data],
  );
  return { categories, restricted, notEmployee, employeeEmail, memory: memory.data, categoryNames };
}

export type Catalogue = ReturnType<typeof useCatalogue>;
