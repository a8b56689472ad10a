'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { AlertDialog } from '@/components/ui/alert-dialog';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { consoleCall } from '@/lib/console/browser/client';
import type { LeaseTermsBody } from '@/lib/console/schemas';
import { formatAmount, parseAmount } from '@/lib/i18n/amount';
import { formatMoney } from '@/lib/i18n/words';
import { formatPercent } from '@/lib/leasing/format';
import { leaseTerms } from '@/lib/leasing/lease-terms';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The operator edits an employer's lease terms (docs/console.md, "Lease terms"): amounts and
// percentages typed the page's way (lib/i18n/amount.ts; a percentage may carry its `%`), the
// months as a whole number. A change is asked first, with each value old → new and its effect on
// an example offer. The server validates again and records the change in the employer's log.

/** The example offer of the confirmation: 3.000 € total, at list price. */
const EXAMPLE = { totalPriceGross: 3000, productPriceGross: 3000, productListPriceGross: 3000, accessories: [] };

type Name = 'leasingFactorPercent' | 'insurancePercent' | 'employerSubsidyMonthly';
const AMOUNTS: readonly Name[] = ['leasingFactorPercent', 'insurancePercent', 'employerSubsidyMonthly'];

export function LeaseTermsEditor({ employerId, employerName, terms }: { employerId: string; employerName: string; terms: LeaseTermsBody }) {
  const { t, lang, words } = useConsole();
  const router = useRouter();
  const ids = useId();
  const [months, setMonths] = useState(String(terms.leaseTermMonths));
  const [values, setValues] = useState<Record<Name, string>>(() => ({
    leasingFactorPercent: formatAmount(terms.leasingFactorPercent, lang),
    insurancePercent: formatAmount(terms.insurancePercent, lang),
    employerSubsidyMonthly: formatAmount(terms.employerSubsidyMonthly, lang),
  }));
  const [problems, setProblems] = useState<Partial<Record<Name, string>>>({});
  const [saved, setSaved] = useState(false);
  const [asked, setAsked] = useState<LeaseTermsBody | null>(null);
  const mutation = useMutation({
    mutationFn: (body: LeaseTermsBody) => consoleCall<LeaseTermsBody>('PUT', `/api/console/employers/${employerId}/lease-terms`, words, body),
    onSuccess: () => {
      setSaved(true);
      setAsked(null);
      router.refresh();
    },
  });
  const labels: Record<Name, string> = {
    leasingFactorPercent: `${t('leaseFactor')} (%)`,
    insurancePercent: `${t('leaseInsurancePercent')} (%)`,
    employerSubsidyMonthly: `${t('leaseSubsidyFixed')} (€)`,
  };

  function submit(e: React.FormEvent) {
    e.preventDefault();
    setSaved(false);
    const found: Partial<Record<Name, string>> = {};
    const read = {} as Record<Name, number>;
    for (const name of AMOUNTS) {
      // `3,5 %` is a percentage: its sign is the label's.
      const typed = name === 'employerSubsidyMonthly' ? values[name] : values[name].replace(/\s*%\s*$/, '');
      const reading = parseAmount(typed, lang);
      const example = formatAmount(name === 'employerSubsidyMonthly' ? 1234.5 : 3.15, lang);
      if (!reading.ok || reading.value === undefined) {
        const key = !reading.ok && reading.problem === 'decimals' ? 'amountDecimals' : !reading.ok && reading.problem === 'separator' ? 'amountSeparator' : 'amountUnreadable';
        found[name] = t(key, { field: labels[name], value: values[name], example });
      } else read[name] = reading.value;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    const body = { leaseTermMonths: /^\d+$/.test(months.trim()) ? Number(months.trim()) : Number.NaN, ...read };
    // A malformed term goes to the server, which names it; a change is asked first.
    if (Number.isNaN(body.leaseTermMonths)) mutation.mutate(body);
    else if (JSON.stringify(body) === JSON.stringify({ leaseTermMonths: terms.leaseTermMonths, leasingFactorPercent: terms.leasingFactorPercent, insurancePercent: terms.insurancePercent, employerSubsidyMonthly: terms.employerSubsidyMonthly })) setSaved(true);
    else setAsked(body);
  }

  const example = (x: LeaseTermsBody) => leaseTerms(EXAMPLE, x);
  const rows = asked
    ? [
        [t('leaseTerm'), t('leaseMonths', { months: terms.leaseTermMonths }), t('leaseMonths', { months: asked.leaseTermMonths })],
        [labels.leasingFactorPercent, formatPercent(terms.leasingFactorPercent, lang), formatPercent(asked.leasingFactorPercent, lang)],
        [labels.insurancePercent, formatPercent(terms.insurancePercent, lang), formatPercent(asked.insurancePercent, lang)],
        [labels.employerSubsidyMonthly, formatMoney(terms.employerSubsidyMonthly, lang), formatMoney(asked.employerSubsidyMonthly, lang)],
      ].filter(([, a, b]) => a !== b)
    : [];
  const effect = asked
    ? (
        [
          ['leaseRateShort', 'monthlyRateGross'],
          ['leaseInsurance', 'insuranceMonthly'],
          ['leaseSubsidyNeutral', 'employerSubsidyMonthly'],
          ['leaseEmployeeMonthly', 'employeeMonthlyGross'],
        ] as const
      ).map(([label, key]) => [label === 'leaseRateShort' ? t('leaseRate', { percent: formatPercent(asked.leasingFactorPercent, lang) }) : t(label), formatMoney(example(terms)[key], lang), formatMoney(example(asked)[key], lang)])
    : [];

  return (
    <form onSubmit={submit} noValidate className="space-y-3" data-testid="lease-terms-editor">
      <div className="grid gap-3 sm:grid-cols-2">
        <Field id={`${ids}-months`} label={t('leaseTerm')}>
          <Input id={`${ids}-months`} name="leaseTermMonths" inputMode="numeric" value={months} onChange={(e) => setMonths(e.target.value)} />
        </Field>
        {AMOUNTS.map((name) => (
          <Field key={name} id={`${ids}-${name}`} label={labels[name]} error={problems[name]}>
            <Input
              id={`${ids}-${name}`}
              name={name}
              inputMode="decimal"
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
          {mutation.isPending ? t('saving') : t('leaseTermsSave')}
        </Button>
        <p aria-live="polite" className="text-sm text-ink">
          {saved ? t('leaseTermsSaved') : ''}
        </p>
      </div>
      <RequestFailed error={mutation.error} />
      <AlertDialog
        open={asked !== null}
        onOpenChange={(open) => (open ? null : setAsked(null))}
        title={t('leaseTermsConfirmTitle', { employer: employerName })}
        description={t('leaseTermsConfirmText')}
        cancelLabel={t('cancel')}
        confirmLabel={t('leaseTermsConfirm')}
        busy={mutation.isPending}
        onConfirm={() => {
          if (asked) mutation.mutate(asked);
          return false;
        }}
      >
        <div className="space-y-2 text-sm" data-testid="lease-terms-confirm">
          <ul className="space-y-1">
            {rows.map(([label, a, b]) => (
              <li key={label}>{t('leaseTermsExampleRow', { label: label!, old: a!, new: b! })}</li>
            ))}
          </ul>
          <p className="font-semibold">{t('leaseTermsExample', { amount: formatMoney(EXAMPLE.totalPriceGross, lang), list: formatMoney(EXAMPLE.productListPriceGross, lang) })}</p>
          <ul className="space-y-1" data-testid="lease-terms-example">
            {effect.map(([label, a, b]) => (
              <li key={label}>{t('leaseTermsExampleRow', { label: label!, old: a!, new: b! })}</li>
            ))}
          </ul>
          <RequestFailed error={mutation.error} />
        </div>
      </AlertDialog>
    </form>
  );
}
