'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { consoleCall } from '@/lib/console/browser/client';
import type { BoundsBody } from '@/lib/console/schemas';
import { formatAmount, parseAmount } from '@/lib/i18n/amount';
import { formatMoney } from '@/lib/i18n/words';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The operator sets an employer's price limit and the bounds within which its HR edit their rules
// (empty: none); HR's rules as they stand are shown beside them. The server records every change
// in the console's log and the employer's history.

type Name = keyof BoundsBody;
const MONEY: readonly Name[] = ['maxTotalPriceGross', 'totalPriceFloorGross', 'totalPriceCeilingGross'];
const LABEL = { maxTotalPriceGross: 'priceLimitField', totalPriceFloorGross: 'floorField', totalPriceCeilingGross: 'ceilingField', bicyclesAtOnceCeiling: 'atOnceCeilingField' } as const;

export function BoundsEditor({
  employerId,
  bounds,
  hr,
}: {
  employerId: string;
  bounds: BoundsBody;
  hr: { minTotalPriceGross: number | null; maxTotalPriceGross: number | null; maxBicyclesAtOnce: number | null };
}) {
  const { t, lang, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const [values, setValues] = useState<Record<Name, string>>(() => ({
    maxTotalPriceGross: bounds.maxTotalPriceGross === null ? '' : formatAmount(bounds.maxTotalPriceGross, lang),
    totalPriceFloorGross: bounds.totalPriceFloorGross === null ? '' : formatAmount(bounds.totalPriceFloorGross, lang),
    totalPriceCeilingGross: bounds.totalPriceCeilingGross === null ? '' : formatAmount(bounds.totalPriceCeilingGross, lang),
    bicyclesAtOnceCeiling: bounds.bicyclesAtOnceCeiling === null ? '' : String(bounds.bicyclesAtOnceCeiling),
  }));
  const [problems, setProblems] = useState<Partial<Record<Name, string>>>({});
  const [saved, setSaved] = useState(false);
  const mutation = useMutation({
    mutationFn: (body: BoundsBody) => consoleCall<BoundsBody>('PUT', `/api/console/employers/${employerId}/bounds`, words, body),
    onSuccess: () => {
      setSaved(true);
      router.refresh();
    },
  });

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaved(false);
    const found: Partial<Record<Name, string>> = {};
    const body = {} as Record<Name, number | null>;
    for (const name of MONEY) {
      const reading = parseAmount(values[name], lang);
      if (!reading.ok) found[name] = t('amountUnreadable', { field: t(LABEL[name]), value: values[name], example: formatAmount(4500, lang) });
      else body[name] = reading.value ?? null;
    }
    const count = values.bicyclesAtOnceCeiling.trim();
    if (count !== '' && !/^\d{1,2}$/.test(count)) found.bicyclesAtOnceCeiling = t('countUnreadable', { field: t(LABEL.bicyclesAtOnceCeiling), value: count });
    else body.bicyclesAtOnceCeiling = count === '' ? null : Number(count);
    setProblems(found);
    if (Object.keys(found).length === 0) mutation.mutate(body as BoundsBody);
  }

  const shown = (v: number | null, money: boolean) => (v === null ? t('noLimitShort') : money ? formatMoney(v, lang) : String(v));
  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="bounds-editor">
      <p className="text-sm text-ink" data-testid="hr-rules">
        {t('hrRulesNow', { min: shown(hr.minTotalPriceGross, true), max: shown(hr.maxTotalPriceGross, true), atOnce: shown(hr.maxBicyclesAtOnce, false) })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        {(Object.keys(LABEL) as Name[]).map((name) => (
          <Field key={name} id={`${ids}-${name}`} label={t(LABEL[name])} error={problems[name]}>
            <Input
              id={`${ids}-${name}`}
              name={name}
              inputMode={name === 'bicyclesAtOnceCeiling' ? 'numeric' : 'decimal'}
              value={values[name]}
              aria-invalid={problems[name] ? true : undefined}
              aria-describedby={describedBy(`${ids}-${name}`, undefined, problems[name])}
              onChange={(e) => setValues((v) => ({ ...v, [name]: e.target.value }))}
            />
          </Field>
        ))}
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" variant="primary" disabled={mutation.isPending}>
          {mutation.isPending ? t('saving') : t('boundsSave')}
        </Button>
        <p aria-live="polite" className="text-sm text-ink">
          {saved ? t('boundsSaved') : ''}
        </p>
      </div>
      <RequestFailed error={mutation.error} />
    </form>
  );
}
