'use client';

import { useRouter } from 'next/navigation';
import { useId, useMemo, useState, type FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, Field, Label } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { Notice } from '@/components/ui/notice';
import { apiErrorText, ApiRequestError, callOwn } from '@/lib/api-client/browser/call';
import { useEmployer } from './providers';

// HR's edit of the employer's rules: the excluded categories as checkboxes over the catalogue
// (a ticked category covers everything below it), the lowest and highest total and the bicycles
// at once (empty: none). The server checks them against the operator's bounds and names each
// field out of bounds.

export type CategoryChoice = { code: string; parent: string | null; name: string; depth: number };
type Rules = { excludedCodes: string[]; minTotalPriceGross: number | null; maxTotalPriceGross: number | null; maxBicyclesAtOnce: number | null };

const FIELDS = ['minTotalPriceGross', 'maxTotalPriceGross', 'maxBicyclesAtOnce'] as const;

/** An amount typed the German or the English way ("4.500,00", "4500.5"); NaN when it is none. */
function amountOf(text: string): number | null {
  const v = text.trim().replace(/\s|€/g, '');
  if (v === '') return null;
  const normal = /,\d{1,2}$/.test(v) ? v.replace(/\./g, '').replace(',', '.') : v.replace(/,/g, '');
  return /^\d+(\.\d{1,2})?$/.test(normal) ? Number(normal) : NaN;
}

export function PolicyForm({ rules, categories }: { rules: Rules; categories: CategoryChoice[] }) {
  const { t, words } = useEmployer();
  const router = useRouter();
  const id = useId();
  const [chosen, setChosen] = useState(() => new Set(rules.excludedCodes));
  const [errors, setErrors] = useState<Partial<Record<(typeof FIELDS)[number] | 'form', string>>>({});
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const parents = useMemo(() => new Map(categories.map((c) => [c.code, c.parent])), [categories]);
  const coveredBy = (code: string): string | null => {
    for (let p = parents.get(code) ?? null; p; p = parents.get(p) ?? null) if (chosen.has(p)) return p;
    return null;
  };

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault();
    const data = new FormData(e.currentTarget);
    const text = (k: string) => String(data.get(k) ?? '');
    const count = text('maxBicyclesAtOnce').trim();
    const body = {
      excludedCodes: [...chosen].filter((c) => !coveredBy(c)).sort(),
      minTotalPriceGross: amountOf(text('minTotalPriceGross')),
      maxTotalPriceGross: amountOf(text('maxTotalPriceGross')),
      maxBicyclesAtOnce: count === '' ? null : Number(count),
    };
    setBusy(true);
    setSaved(false);
    setErrors({});
    try {
      await callOwn('PUT', '/api/employer/policy', words, { body });
      setSaved(true);
      router.refresh();
    } catch (err) {
      const next: typeof errors = {};
      if (err instanceof ApiRequestError) {
        for (const entry of err.errors) {
          const field = FIELDS.find((f) => f === entry.details) ?? 'form';
          const message = entry.translations?.[words.lang] ?? entry.message;
          next[field] = next[field] ? `${next[field]} ${message}` : message;
        }
      } else next.form = apiErrorText(err, words);
      setErrors(next);
    } finally {
      setBusy(false);
    }
  }

  const numberField = (field: (typeof FIELDS)[number], label: string, hint: string, value: number | null) => (
    <Field id={`${id}-${field}`} label={label} hint={hint} error={errors[field]}>
      <Input
        id={`${id}-${field}`}
        name={field}
        inputMode={field === 'maxBicyclesAtOnce' ? 'numeric' : 'decimal'}
        defaultValue={value === null ? '' : field === 'maxBicyclesAtOnce' ? String(value) : value.toFixed(2).replace('.', words.lang === 'de' ? ',' : '.')}
        aria-invalid={errors[field] ? true : undefined}
        aria-describedby={describedBy(`${id}-${field}`, hint, errors[field])}
      />
    </Field>
  );

  return (
    <form onSubmit={(e) => void submit(e)} noValidate className="space-y-4" data-testid="policy-form">
      <div className="grid gap-4 sm:grid-cols-3">
        {numberField('minTotalPriceGross', t('minTotalTitle'), t('amountEuro'), rules.minTotalPriceGross)}
        {numberField('maxTotalPriceGross', t('maxTotalTitle'), t('amountEuro'), rules.maxTotalPriceGross)}
        {numberField('maxBicyclesAtOnce', t('atOnceTitle'), t('countHint'), rules.maxBicyclesAtOnce)}
      </div>
      <fieldset className="min-w-0 rounded-card border border-line p-3">
        <legend className="px-1 text-sm font-semibold text-ink">{t('excludedTitle')}</legend>
        <p className="mb-2 text-sm text-ink-muted">{t('excludedEditHint')}</p>
        <ul className="max-h-80 space-y-1 overflow-y-auto pr-2">
          {categories.map((c) => {
            const cover = coveredBy(c.code);
            const box = `${id}-cat-${c.code}`;
            return (
              <li key={c.code} style={{ paddingLeft: `${Math.min(c.depth, 3) * 1}rem` }} className="flex items-center gap-2 text-sm">
                <NativeCheckbox
                  id={box}
                  checked={chosen.has(c.code) || !!cover}
                  disabled={!!cover}
                  onChange={(e) => {
                    setSaved(false);
                    setChosen((prev) => {
                      const next = new Set(prev);
                      if (e.target.checked) next.add(c.code);
                      else next.delete(c.code);
                      return next;
                    });
                  }}
                />
                <Label htmlFor={box} className={cover ? 'font-normal text-ink-muted' : 'font-normal'}>
                  {c.name}
                </Label>
              </li>
            );
          })}
        </ul>
      </fieldset>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={busy}>
          {busy ? t('saving') : t('save')}
        </Button>
        <p aria-live="polite" className="text-sm text-ink" data-testid="rules-saved">
          {saved ? t('rulesSaved') : ''}
        </p>
      </div>
      {errors.form ? <Notice role="alert">{errors.form}</Notice> : null}
    </form>
  );
}
