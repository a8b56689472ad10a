'use client';

import { zodResolver } from '@hookform/resolvers/zod';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useEffect, useMemo, useState, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import {
  Controller,
  get,
  set,
  useFieldArray,
  useForm,
  useWatch,
  type Control,
  type FieldErrors,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { createOfferBodySchema, updateOfferBodySchema, type CreateOfferBody, type UpdateOfferBody } from '@/lib/offers/schemas';
import {
  apiErrorText,
  ApiRequestError,
  createOffer,
  getCategories,
  updateOffer,
  validateOffer,
  type ApiErrorEntry,
  type Offer,
  type OfferValidation,
  type StatusMessage,
} from '@/lib/portal/browser/api';
import { formatMoney, formFieldName } from '@/lib/i18n/words';
import type { TextKey } from '@/lib/portal/i18n';
import {
  amountOf,
  berlinDay,
  emptyAccessory,
  emptyOfferForm,
  formProblems,
  fromOffer,
  isNegativeMoney,
  liveTotal,
  modelYearRange,
  toBody,
  updateBody,
  validationMessage,
  type OfferFormValues,
} from '@/lib/portal/browser/offer-form';
import { formatAmount, tidyAmount } from '@/lib/i18n/amount';
import { portalCall } from '@/lib/portal/browser/portal-call';
import { matchProducts, type ProductMemory, type RememberedAccessory, type RememberedBicycle } from '@/lib/portal/product-memory';
import type { Lang } from '@/lib/i18n/messages';
import { CategoryPicker } from './category-picker';
import { offerQueryKey } from './offer-query';
import { usePortal } from './providers';
import { NoEmployerHint } from './offer-lease';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Button } from '@/components/ui/button';
import { DatePicker } from '@/components/ui/date-picker';
import { Input, Textarea } from '@/components/ui/input';
import { SuggestField, type Suggestion } from '@/components/ui/suggest-field';

// The offer builder (new and edit): react-hook-form validated by the API's own zod schemas, the
// categories from the catalogue, the API's 400/406/409 answers mapped back onto the form, and a
// dry run (POST /v1/offers/validate) that shows the processor's business checks before submitting.

type Body = CreateOfferBody | UpdateOfferBody;
type Name = Path<OfferFormValues>;

const CONTRACT_FIELDS = ['brandName', 'modelName', 'priceGross'] as const;
const FORM_FIELD = /^(externalOfferId|customerName|customerEmail|withShipping|shippingCostGross|installationCostGross|deliveryDate|notes|product\.\w+|accessory\.\d+\.\w+)$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const DRY_RUN_DELAY_MS = 600;

type DryRun = { kind: 'checked'; validation: OfferValidation } | { kind: 'invalid'; errors: ApiErrorEntry[] };

/**
 * The body the dry run checks: the form's values when they pass the client-side checks (the API's
 * zod schema and the contract fields), else null. An edit is checked as the offer it would become.
 */
function dryRunBody(values: OfferFormValues, offer: Offer | undefined, lang: Lang): CreateOfferBody | null {
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
function offerResolver(offer: Offer | undefined, lang: Lang): Resolver<OfferFormValues, unknown, Body> {
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

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

const fieldId = (name: string) => `f-${name.replace(/\./g, '-')}`;

function Section({ title, children, aside }: { title: string; children: ReactNode; aside?: ReactNode }) {
  return (
    <section className="rounded-card border border-line bg-surface p-4" aria-label={title}>
      <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
        <h2 className="text-lg font-semibold">{title}</h2>
        {aside}
      </div>
      {children}
    </section>
  );
}

/**
 * The builder: a new offer (empty, or `copy` of an existing offer's values with `copiedFrom` its
 * offer number), or the edit of `offer`.
 */
export function OfferBuilder({ offer, focus, copy, copiedFrom }: { offer?: Offer; focus?: string; copy?: OfferFormValues; copiedFrom?: string }) {
  const { t, lang, environment, words } = usePortal();
  const router = useRouter();
  const queryClient = useQueryClient();
  const resolver = useMemo(() => offerResolver(offer, lang), [offer, lang]);
  const form = useForm<OfferFormValues, unknown, Body>({
    defaultValues: offer ? fromOffer(offer, lang) : (copy ?? emptyOfferForm()),
    resolver,
    mode: 'onTouched',
  });
  const { control, register, handleSubmit, formState, setError, setFocus, setValue } = form;
  const accessories = useFieldArray({ control, name: 'accessory' });
  const [formError, setFormError] = useState<string | null>(null);

  // The catalogue, restricted to the employer's allowed categories when the customer is an employee.
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
  // product submitted on the last visit is suggested on this one; matched below as it is typed.
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

  // The dry run: ~600 ms after the form last changed, only for a body that passes the client-side
  // checks. A new body makes a new query; TanStack Query aborts the stale one (its signal).
  const watched = useWatch({ control }) as OfferFormValues;
  const body = dryRunBody(watched, offer, lang);
  const bodyKey = useDebounced(body ? JSON.stringify(body) : '', DRY_RUN_DELAY_MS);
  const dryRunQuery = useQuery({
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
  const dryRun = body !== null && bodyKey !== '' ? dryRunQuery.data : undefined;
  const dryRunChecking = body !== null && (dryRunQuery.isFetching || JSON.stringify(body) !== bodyKey);

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

  // Status errors of a rejected offer sit next to their fields until the field is changed.
  const statusErrors = useMemo(() => {
    const map = new Map<string, string>();
    for (const e of offer?.status.errors ?? []) {
      if (e.field) map.set(formFieldName(e.field), words.entryText(e));
    }
    return map;
  }, [offer, words]);

  useEffect(() => {
    if (!focus || !FORM_FIELD.test(focus)) return;
    const timer = setTimeout(() => {
      setFocus(focus as Name);
      document.getElementById(fieldId(focus))?.scrollIntoView({ block: 'center' });
    }, 0);
    return () => clearTimeout(timer);
  }, [focus, setFocus]);

  /** The message shown under a field: its validation error, else what the dry run says about it, else a status error of the offer. */
  function messageFor(name: string): FieldMsg | null {
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
    if (status && dryRun?.kind !== 'checked' && !get(formState.dirtyFields, name)) return { text: status, kind: 'status' };
    // A price above its list price: a warning at the price (processing would reject it) until the
    // check says it in its own words.
    const price = /^(product|accessory\.\d+)\.priceGross$/.exec(name);
    if (price && priceAboveList(get(watched, name), get(watched, `${price[1]}.listPriceGross`), lang)) return { text: t('priceAboveList'), kind: 'warning' };
    return null;
  }

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

  /** Fills several fields in one step (a picked suggestion); a field's stale error is checked again at once. */
  function fill(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) setValue(name as Name, value, { shouldDirty: true });
    const stale = Object.keys(values).filter((name) => get(formState.errors, name));
    if (stale.length > 0) void form.trigger(stale as Name[]);
  }
  const amountText = (value: number | undefined) => (value === undefined ? '' : formatAmount(value, lang));
  const describe = (p: RememberedBicycle | RememberedAccessory): Suggestion => ({
    label: [p.brandName, p.modelName].filter(Boolean).join(' '),
    detail: [
      categoryNames.get(p.bidexCode) ?? p.bidexCode,
      ...('modelYear' in p ? [p.modelYear, p.color, p.size, p.driveManufacturer, p.batteryCapacity] : []),
      p.priceGross === undefined ? undefined : formatMoney(p.priceGross, lang),
    ]
      .filter(Boolean)
      .join(' · '),
  });

  // The brand field finds products by what is typed in it; the model field by brand and model together.
  const bicycleMatches = (name: 'brandName' | 'modelName') => {
    const { brandName = '', modelName = '' } = watched.product ?? {};
    return matchProducts(memory.data?.bicycles ?? [], name === 'brandName' ? brandName : `${brandName} ${modelName}`);
  };
  const accessoryMatches = (i: number, name: 'brandName' | 'modelName') => {
    const { brandName = '', modelName = '' } = watched.accessory?.[i] ?? {};
    return matchProducts(memory.data?.accessories ?? [], name === 'brandName' ? brandName : `${brandName} ${modelName}`);
  };
  const takeBicycle = (b: RememberedBicycle) =>
    fill({
      'product.bidexCode': b.bidexCode,
      'product.brandName': b.brandName,
      'product.modelName': b.modelName,
      'product.modelYear': b.modelYear ?? '',
      'product.color': b.color ?? '',
      'product.size': b.size ?? '',
      'product.driveManufacturer': b.driveManufacturer ?? '',
      'product.batteryCapacity': b.batteryCapacity ?? '',
      'product.priceGross': amountText(b.priceGross),
      'product.listPriceGross': amountText(b.listPriceGross),
    });
  const accessoryValues = (a: RememberedAccessory) => ({
    bidexCode: a.bidexCode,
    brandName: a.brandName ?? '',
    modelName: a.modelName ?? '',
    priceGross: amountText(a.priceGross),
    listPriceGross: amountText(a.listPriceGross),
  });
  const takeAccessory = (i: number, a: RememberedAccessory) =>
    fill(Object.fromEntries(Object.entries(accessoryValues(a)).map(([k, v]) => [`accessory.${i}.${k}`, v])));

  // A remembered accessory added as a new row in one pick (the field stays for the next one).
  const [accessorySearch, setAccessorySearch] = useState('');
  const accessoryFound = matchProducts(memory.data?.accessories ?? [], accessorySearch);

  /** A field of the form: its label (with the screen reader's suffix and the required mark), the control, its message. */
  const labelled = (
    name: Name,
    label: TextKey,
    control: (id: string, aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }) => ReactNode,
    options: { required?: boolean; suffix?: string } = {},
  ) => {
    const id = fieldId(name);
    const msg = messageFor(name);
    return (
      <div>
        <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-ink">
          {t(label)}
          {options.suffix ? <span className="sr-only">{options.suffix}</span> : null}
          {options.required ? <span aria-hidden="true"> *</span> : null}
        </label>
        {control(id, {
          'aria-invalid': msg && msg.kind !== 'info' && msg.kind !== 'warning' ? true : undefined,
          'aria-describedby': msg ? `${id}-msg` : undefined,
        })}
        <FieldMessage id={`${id}-msg`} msg={msg} />
      </div>
    );
  };

  const field = (
    name: Name,
    label: TextKey,
    options: { required?: boolean; suffix?: string; type?: string; inputMode?: 'decimal' | 'email' | 'text'; autoComplete?: string; placeholder?: string; tidy?: (value: string) => string } = {},
  ) =>
    labelled(
      name,
      label,
      (id, aria) => (
        <Input
          id={id}
          type={options.type ?? 'text'}
          inputMode={options.inputMode}
          autoComplete={options.autoComplete ?? 'off'}
          placeholder={options.placeholder}
          aria-required={options.required || undefined}
          {...aria}
          className="mt-1"
          {...register(name, {
            onBlur: options.tidy
              ? (e: { target: { value: string } }) => {
                  const tidy = options.tidy!(e.target.value);
                  if (tidy !== e.target.value) setValue(name, tidy);
                }
              : undefined,
          })}
        />
      ),
      options,
    );

  /** A brand or model field that suggests the dealer's remembered products (`found`); picking one fills the product. */
  const suggestField = <P extends RememberedBicycle | RememberedAccessory>(
    name: Name,
    label: TextKey,
    found: P[],
    take: (p: P) => void,
    options: { required?: boolean; suffix?: string } = {},
  ) =>
    labelled(
      name,
      label,
      (id, aria) => (
        <SuggestField
          id={id}
          labelledBy={`${id}-label`}
          className="mt-1"
          aria-required={options.required || undefined}
          {...aria}
          suggestions={found.map(describe)}
          onPick={(i) => take(found[i]!)}
          listLabel={t('suggestionsLabel')}
          statusText={t('suggestionsCount', { count: found.length })}
          {...register(name)}
        />
      ),
      options,
    );

  // An amount is rewritten the page's way once left (5.000 → 5.000,00); what cannot be read stays as typed.
  const moneyField = (name: Name, label: TextKey, suffix?: string, required?: boolean) =>
    field(name, label, { inputMode: 'decimal', suffix, required, placeholder: formatAmount(0, lang), tidy: (v) => tidyAmount(v, lang) });

  const picker = (name: Name, label: TextKey, kind: 'bicycles' | 'accessories', suffix?: string) => {
    const id = fieldId(name);
    const msg = messageFor(name);
    return (
      <div>
        <Controller
          control={control}
          name={name}
          render={({ field: f }) => (
            <CategoryPicker
              id={id}
              label={t(label)}
              labelSuffix={suffix}
              required
              entries={categories.data?.data[kind]}
              kind={kind}
              loading={categories.isPending}
              failed={categories.isError}
              value={String(f.value ?? '')}
              onChange={(code) => {
                f.onChange(code);
                // Picking is the answer: check the field again at once, so a stale error goes.
                if (get(formState.errors, name)) void form.trigger(name);
              }}
              onBlur={f.onBlur}
              inputRef={f.ref}
              invalid={!!msg && msg.kind !== 'info'}
              describedBy={msg ? `${id}-msg` : undefined}
            />
          )}
        />
        <FieldMessage id={`${id}-msg`} msg={msg} />
      </div>
    );
  };

  const dateField = (name: Name, label: TextKey) =>
    labelled(name, label, (id, aria) => (
      <Controller
        control={control}
        name={name}
        render={({ field: f }) => (
          <DatePicker
            id={id}
            ref={f.ref}
            className="mt-1"
            locale={lang}
            value={String(f.value ?? '')}
            onChange={(day) => {
              f.onChange(day);
              if (get(formState.errors, name)) void form.trigger(name);
            }}
            onBlur={f.onBlur}
            min={berlinDay(new Date().toISOString())}
            {...aria}
            texts={{ placeholder: t('datePick'), clear: t('dateClear') }}
          />
        )}
      />
    ));

  const cancelHref = offer ? `/portal/offers/${offer.id}` : '/portal';
  const cancelLink = 'inline-flex min-h-11 items-center justify-center text-sm font-medium text-ink-muted underline underline-offset-2';

  const restrictedNote = restricted ? (
    <p role="status" className="rounded-control bg-warning-50 px-3 py-2 text-sm text-warning-900 ring-1 ring-warning-900">
      {t('employeeRestricted')}
    </p>
  ) : null;

  const withShipping = useWatch({ control, name: 'withShipping' });
  const rejectedErrors = offer?.status.current.code === 'rejected' ? offer.status.errors : [];

  return (
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
          {formError ? <p className="rounded-control border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700">{formError}</p> : null}
        </div>

        {rejectedErrors.length > 0 ? (
          <p className="rounded-control border border-danger-700 bg-danger-50 px-3 py-2 text-sm text-danger-700" data-testid="rejected-note">
            {t('rejectedNote')}
          </p>
        ) : null}

        <Section title={t('sectionCustomer')}>
          {offer ? (
            <>
              <dl className="grid gap-3 text-sm sm:grid-cols-3">
                <div>
                  <dt className="text-ink-muted">{t('externalOfferId')}</dt>
                  <dd className="font-medium">{offer.externalOfferId}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">{t('customerName')}</dt>
                  <dd className="font-medium">{offer.customerName}</dd>
                </div>
                <div>
                  <dt className="text-ink-muted">{t('customerEmail')}</dt>
                  <dd className="font-medium">{offer.customerEmail}</dd>
                </div>
              </dl>
              <p className="mt-2 text-xs text-ink-muted">{t('customerFixed')}</p>
            </>
          ) : (
            <div className="grid gap-4 sm:grid-cols-3">
              {field('externalOfferId', 'externalOfferId', { required: true })}
              {field('customerName', 'customerName', { required: true, autoComplete: 'off' })}
              {field('customerEmail', 'customerEmail', { required: true, type: 'email', inputMode: 'email' })}
            </div>
          )}
          {restrictedNote ? <div className="mt-3">{restrictedNote}</div> : null}
          {notEmployee ? <NoEmployerHint email={employeeEmail} /> : null}
        </Section>

        <Section title={t('sectionBicycle')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="sm:col-span-2">
              {picker('product.bidexCode', 'bicycleCategory', 'bicycles')}
              {restricted ? <p className="mt-1 text-xs font-medium text-warning-900">{t('employeeRestrictedShort')}</p> : null}
            </div>
            {suggestField('product.brandName', 'brandName', bicycleMatches('brandName'), takeBicycle, { required: true })}
            {suggestField('product.modelName', 'modelName', bicycleMatches('modelName'), takeBicycle, { required: true })}
            {field('product.modelYear', 'modelYear', { inputMode: 'text' })}
            {field('product.color', 'color')}
            {field('product.size', 'size')}
            {field('product.driveManufacturer', 'driveManufacturer')}
            {field('product.batteryCapacity', 'batteryCapacity')}
            <div className="hidden sm:block" />
            {moneyField('product.priceGross', 'priceGross', undefined, true)}
            {moneyField('product.listPriceGross', 'listPriceGross')}
          </div>
        </Section>

        <Section
          title={t('sectionAccessories')}
          aside={
            <Button
              variant="secondary"
              onClick={() => {
                // The new row is in the page before this click's handler ends, and its category has the
                // focus: keys typed right after the click land in it.
                const name = `accessory.${accessories.fields.length}.bidexCode`;
                flushSync(() => accessories.append(emptyAccessory(), { shouldFocus: false }));
                document.getElementById(fieldId(name))?.focus();
              }}
            >
              + {t('addAccessory')}
            </Button>
          }
        >
          {memory.data && memory.data.accessories.length > 0 && accessories.fields.length < 50 ? (
            <div className="mb-4">
              <label id={`${fieldId('accessorySearch')}-label`} htmlFor={fieldId('accessorySearch')} className="block text-sm font-medium text-ink">
                {t('addRememberedAccessory')}
              </label>
              <SuggestField
                id={fieldId('accessorySearch')}
                labelledBy={`${fieldId('accessorySearch')}-label`}
                className="mt-1"
                placeholder={t('addRememberedAccessoryPlaceholder')}
                value={accessorySearch}
                onChange={(e) => setAccessorySearch(e.target.value)}
                suggestions={accessoryFound.map(describe)}
                onPick={(i) => {
                  accessories.append(accessoryValues(accessoryFound[i]!), { shouldFocus: false });
                  setAccessorySearch('');
                }}
                listLabel={t('suggestionsLabel')}
                statusText={t('suggestionsCount', { count: accessoryFound.length })}
              />
            </div>
          ) : null}
          {accessories.fields.length === 0 ? <p className="text-sm text-ink-muted">{t('noAccessories')}</p> : null}
          {restricted && accessories.fields.length > 0 ? <p className="mb-3 text-xs font-medium text-warning-900">{t('employeeRestrictedShort')}</p> : null}
          <ol className="space-y-4">
            {accessories.fields.map((row, i) => {
              const suffix = ` (${t('accessoryN', { n: i + 1 })})`;
              return (
                <li key={row.id}>
                  <fieldset className="rounded-control border border-line p-3">
                    <legend className="px-1 text-sm font-semibold text-ink">{t('accessoryN', { n: i + 1 })}</legend>
                    <div className="grid gap-3 sm:grid-cols-2">
                      <div className="sm:col-span-2">{picker(`accessory.${i}.bidexCode`, 'accessoryCategory', 'accessories', suffix)}</div>
                      {suggestField(`accessory.${i}.brandName`, 'brandName', accessoryMatches(i, 'brandName'), (a) => takeAccessory(i, a), { suffix })}
                      {suggestField(`accessory.${i}.modelName`, 'modelName', accessoryMatches(i, 'modelName'), (a) => takeAccessory(i, a), { suffix })}
                      {moneyField(`accessory.${i}.priceGross`, 'priceGross', suffix)}
                      {moneyField(`accessory.${i}.listPriceGross`, 'listPriceGross', suffix)}
                    </div>
                    <button
                      type="button"
                      onClick={() => accessories.remove(i)}
                      className="mt-3 text-sm font-medium text-danger-700 underline underline-offset-2"
                    >
                      {t('removeAccessory', { n: i + 1 })}
                    </button>
                  </fieldset>
                </li>
              );
            })}
          </ol>
        </Section>

        <Section title={t('sectionDelivery')}>
          <div className="grid gap-4 sm:grid-cols-2">
            <div className="flex items-center gap-2 sm:col-span-2">
              <NativeCheckbox
                id={fieldId('withShipping')}
                {...register('withShipping', {
                  onChange: (e: { target: { checked: boolean } }) => {
                    if (!e.target.checked) setValue('shippingCostGross', '');
                  },
                })}
              />
              <label htmlFor={fieldId('withShipping')} className="flex min-h-11 flex-1 cursor-pointer items-center text-sm font-medium text-ink">
                {t('withShipping')}
              </label>
            </div>
            {withShipping ? moneyField('shippingCostGross', 'shippingCostGross') : null}
            {moneyField('installationCostGross', 'installationCostGross')}
            {dateField('deliveryDate', 'deliveryDate')}
          </div>
        </Section>

        <Section title={t('sectionNotes')}>
          <label htmlFor={fieldId('notes')} className="block text-sm font-medium text-ink">
            {t('notes')} <span className="font-normal text-ink-muted">({t('optional')})</span>
          </label>
          <Textarea
            id={fieldId('notes')}
            rows={3}
            maxLength={4000}
            aria-invalid={messageFor('notes') ? true : undefined}
            aria-describedby={messageFor('notes') ? `${fieldId('notes')}-msg` : undefined}
            className="mt-1"
            {...register('notes')}
          />
          <FieldMessage id={`${fieldId('notes')}-msg`} msg={messageFor('notes')} />
        </Section>
      </div>

      {/* Wide: one box beside the form (total, pre-check, submit). On a phone the pre-check ends the
          form and the total and the submit button stay at the screen's foot (a sticky bar). */}
      <aside className="max-lg:contents lg:sticky lg:top-4 lg:flex lg:flex-col lg:gap-4 lg:self-start lg:rounded-card lg:border lg:border-line lg:bg-surface lg:p-4">
        <div className="max-lg:rounded-card max-lg:border max-lg:border-line max-lg:bg-surface max-lg:p-4 lg:order-2">
          <DryRunPanel
            ready={body !== null}
            checking={dryRunChecking}
            failed={dryRunQuery.isError && body !== null}
            dryRun={dryRun}
            errors={dryRun?.kind === 'checked' ? checkProblems.errors : rejectedErrors}
            infos={checkProblems.infos}
            onFocusField={focusField}
          />
          <Link href={cancelHref} className={`${cancelLink} mt-2 w-full lg:hidden`}>
            {t('cancelEdit')}
          </Link>
        </div>
        <div
          data-testid="builder-footer"
          className="sticky bottom-0 z-20 -mx-page flex items-center justify-between gap-3 border-t border-line bg-surface px-page py-2 shadow-[0_-4px_12px_rgb(0_0_0/0.08)] lg:contents"
        >
          <div className="min-w-0 lg:order-1">
            <LiveTotal control={control} />
          </div>
          <div className="flex shrink-0 flex-col items-end gap-1 lg:order-3 lg:items-stretch lg:gap-4">
            <Button type="submit" variant="primary" disabled={formState.isSubmitting} className="min-h-11 lg:w-full">
              {formState.isSubmitting ? t('submitting') : offer ? t('submitUpdate') : t('submitCreate')}
            </Button>
            <Link href={cancelHref} className={`${cancelLink} max-lg:hidden`}>
              {t('cancelEdit')}
            </Link>
          </div>
        </div>
      </aside>
    </form>
  );
}

type FieldMsg = { text: string; kind: 'error' | 'status' | 'check' | 'info' | 'warning' };

function FieldMessage({ id, msg }: { id: string; msg: FieldMsg | null }) {
  if (!msg) return null;
  return (
    <p id={id} className={`mt-1 text-sm ${msg.kind === 'info' ? 'text-ink-muted' : msg.kind === 'warning' ? 'text-warning-900' : 'text-danger-700'}`} data-kind={msg.kind}>
      {msg.text}
    </p>
  );
}

/**
 * What the dry run found, above the submit button: every problem, with a link to its field. It
 * informs and never blocks: submitting stays possible whatever it says.
 */
function DryRunPanel({
  ready,
  checking,
  failed,
  dryRun,
  errors,
  infos,
  onFocusField,
}: {
  ready: boolean;
  checking: boolean;
  failed: boolean;
  dryRun: DryRun | undefined;
  errors: StatusMessage[];
  infos: StatusMessage[];
  onFocusField: (field: string) => void;
}) {
  const { t, words } = usePortal();
  const item = (m: StatusMessage, i: number) => (
    <li key={`${m.code}-${m.field ?? ''}-${i}`}>
      {words.entryText(m)}
      {m.field ? (
        <>
          {' '}
          <a
            href={`#${fieldId(formFieldName(m.field))}`}
            className="font-medium underline underline-offset-2"
            onClick={(e) => {
              e.preventDefault();
              onFocusField(m.field!);
            }}
          >
            {t('dryRunGoTo', { field: words.fieldLabel(m.field) })}
          </a>
        </>
      ) : null}
    </li>
  );
  let body: ReactNode;
  // Until the form's own check answers, a rejected offer's reasons are the summary.
  const stored =
    errors.length > 0 && dryRun?.kind !== 'checked' ? (
      <div className="mb-2 text-danger-700">
        <p className="font-semibold">{t('rejectedSummary')}</p>
        <ul className="mt-1 list-disc space-y-1 pl-5">{errors.map(item)}</ul>
      </div>
    ) : null;
  if (!ready) body = <p className="text-ink-muted">{t('dryRunIdle')}</p>;
  else if (failed) body = <p className="text-ink-muted">{t('dryRunFailed')}</p>;
  else if (!dryRun) body = <p className="text-ink-muted">{t('dryRunChecking')}</p>;
  else if (dryRun.kind === 'invalid') {
    body = (
      <ul className="list-disc space-y-1 pl-5 text-danger-700">
        {dryRun.errors.map((e, i) => (
          <li key={i}>{words.entryText(e)}</li>
        ))}
      </ul>
    );
  } else {
    body = (
      <>
        {errors.length === 0 ? <p className="text-ink">{t('dryRunOk')}</p> : null}
        {errors.length > 0 ? (
          <div className="text-danger-700">
            <p className="font-semibold">{t('dryRunErrors')}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">{errors.map(item)}</ul>
            <p className="mt-2 text-xs text-ink-muted">{t('dryRunNotBlocking')}</p>
          </div>
        ) : null}
        {infos.length > 0 ? (
          <div className="mt-2 text-ink">
            <p className="font-semibold">{t('dryRunInfos')}</p>
            <ul className="mt-1 list-disc space-y-1 pl-5">{infos.map(item)}</ul>
          </div>
        ) : null}
      </>
    );
  }
  return (
    <section aria-labelledby="dry-run-title" aria-busy={checking || undefined} data-testid="dry-run" className="rounded-control border border-line p-3 text-sm">
      <h2 id="dry-run-title" className="font-semibold">
        {t('dryRunTitle')}
        {checking && dryRun ? <span className="ml-2 text-xs font-normal text-ink-muted">{t('dryRunChecking')}</span> : null}
      </h2>
      <div role="status" className="mt-1">
        {stored}
        {body}
      </div>
    </section>
  );
}

function LiveTotal({ control }: { control: Control<OfferFormValues, unknown, Body> }) {
  const { t, lang } = usePortal();
  const [product, accessory, withShipping, shippingCostGross, installationCostGross] = useWatch({
    control,
    name: ['product', 'accessory', 'withShipping', 'shippingCostGross', 'installationCostGross'],
  });
  const total = liveTotal({ product, accessory, withShipping, shippingCostGross, installationCostGross }, lang);
  return (
    <div>
      <p className="text-sm font-medium text-ink-muted max-lg:text-xs">{t('liveTotal')}</p>
      <p className="text-2xl font-bold tabular-nums max-lg:text-lg" data-testid="live-total">
        {formatMoney(total.total, lang)}
      </p>
      <p className="mt-1 text-xs text-ink-muted max-lg:hidden">
        {total.total === undefined ? t('totalUnreadable') : t('totalBreakdown', {
          product: formatMoney(total.product, lang),
          accessories: formatMoney(total.accessories, lang),
          shipping: formatMoney(total.shipping, lang),
          installation: formatMoney(total.installation, lang),
        })}
      </p>
    </div>
  );
}

/** A price above its list price (processing rejects it): a warning at the price, not a block. */
function priceAboveList(price: unknown, list: unknown, lang: Lang): boolean {
  const pv = amountOf(String(price ?? ''), lang);
  const lv = amountOf(String(list ?? ''), lang);
  return pv !== undefined && lv !== undefined && !Number.isNaN(pv) && !Number.isNaN(lv) && Math.round(pv * 100) > Math.round(lv * 100);
}
