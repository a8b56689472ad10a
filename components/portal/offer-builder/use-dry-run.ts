import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ApiRequestError } from '@/lib/api-client/browser/call';
import { useEffect, useMemo } from 'react';
import { useWatch, type UseFormReturn } from 'react-hook-form';
import type { CreateOfferBody } from '@/lib/offers/contract/schemas';
import { validateOffer, type Offer, type StatusMessage } from '@/lib/portal/browser/api';
import { formFieldName } from '@/lib/i18n/words';
import type { OfferFormValues } from '@/lib/portal/browser/offer-form';
import { usePortal } from '../providers';
import { DRY_RUN_DELAY_MS, dryRunBody, FORM_FIELD, useDebounced, type Body, type DryRun, type Name } from './form-rules';

/**
 * The dry run (POST /v1/offers/validate): ~600 ms after the form last changed, only for a body that
 * passes the client-side checks. A new body makes a new query; TanStack Query aborts the stale one
 * (its signal). Also the form's values as they stand (`watched`), which the fields' messages read.
 */
export function useDryRun(form: UseFormReturn<OfferFormValues, unknown, Body>, offer: Offer | undefined) {
  const { lang, environment, words } = usePortal();
  const { control, setError } = form;
  const watched = useWatch({ control }) as OfferFormValues;
  const body = dryRunBody(watched, offer, lang);
  const bodyKey = useDebounced(body ? JSON.stringify(body) : '', DRY_RUN_DELAY_MS);
  const query = useQuery({
    queryKey: ['validate', environment, bodyKey],
    queryFn: async ({ signal }): Promise<DryRun> => {
      try {
        return { kind: 'checked', validation: await validateOffer(JSON.parse(bodyKey) as CreateOfferBody, signal, offer?.id) };
      } catch (err) {
        if (err instanceof ApiRequestError && err.status === 400) return { kind: 'invalid', errors: err.errors };
        throw err;
      }
    },
    enabled: bodyKey !== '' && body !== null,
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    retry: false,
  });
  // A result belongs to the form only while the form still passes the client-side checks.
  const dryRun = body !== null && bodyKey !== '' ? query.data : undefined;
  const checking = body !== null && (query.isFetching || JSON.stringify(body) !== bodyKey);

  // Problems the checks would report, for the offer as it stands now (infos on editing: not the
  // offer's own external id, which it of course uses).
  const checkProblems = useMemo(() => {
    if (dryRun?.kind !== 'checked') return { errors: [] as StatusMessage[], infos: [] as StatusMessage[] };
    const { errors, infos } = dryRun.validation.status;
    return { errors, infos: offer ? infos.filter((i) => i.code !== 'EXTERNAL_ID_ALREADY_USED') : infos };
  }, [dryRun, offer]);
  const checkMessages = useMemo(() => {
    const map = new Map<string, { text: string; kind: 'check' | 'info' }>();
    for (const e of checkProblems.errors) if (e.field && !map.has(formFieldName(e.field))) map.set(formFieldName(e.field), { text: words.entryText(e), kind: 'check' });
    for (const i of checkProblems.infos) if (i.field && !map.has(formFieldName(i.field))) map.set(formFieldName(i.field), { text: words.entryText(i), kind: 'info' });
    return map;
  }, [checkProblems, words]);

  // A 400 of the dry run lands on the fields it names, as a 400 of create does (without moving focus).
  useEffect(() => {
    if (dryRun?.kind !== 'invalid') return;
    for (const e of dryRun.errors) {
      if (e.details && FORM_FIELD.test(formFieldName(e.details))) setError(formFieldName(e.details) as Name, { type: 'server', message: e.translations?.[lang] ?? e.message });
    }
  }, [dryRun, setError, lang]);

  return { watched, ready: body !== null, dryRun, checking, failed: query.isError && body !== null, checkProblems, checkMessages };
}

export type DryRunState = ReturnType<typeof useDryRun>;
