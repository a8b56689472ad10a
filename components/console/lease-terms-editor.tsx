'use client';

import { useMutation } from '@tanstack/react-query';
import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { describedBy, Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { consoleCall } from '@/lib/console/browser/client';
import type { LeaseTermsBody } from '@/lib/console/schemas';
import { formatAmount, parseAmount } from '@/lib/i18n/amount';
import { useConsole } from './providers';
import { RequestFailed } from './request-failed';

// The operator edits an employer's lease terms (docs/contract.md, "Lease terms"): amounts and
// percentages typed the page's way (lib/i18n/amount.ts), the months as a whole number. The server
// validates again and records the change (old → new) in the employer's log.

type Name = 'leasingFactorPercent' | 'insurancePercent' | 'employerSubsidyMonthly';
const AMOUNTS: readonly Name[] = ['leasingFactorPercent', 'insurancePercent', 'employerSubsidyMonthly'];

export function LeaseTermsEditor({ employerId, terms }: { employerId: string; terms: LeaseTermsBody }) {
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
  const mutation = useMutation({
    mutationFn: (body: LeaseTermsBody) => consoleCall<LeaseTermsBody>('PUT', `/api/console/employers/${employerId}/lease-terms`, words, body),
    onSuccess: () => {
      setSaved(true);
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
      const reading = parseAmount(values[name], lang);
      const example = formatAmount(name === 'employerSubsidyMonthly' ? 1234.5 : 3.15, lang);
      if (!reading.ok || reading.value === undefined) {
        const key = !reading.ok && reading.problem === 'decimals' ? 'amountDecimals' : !reading.ok && reading.problem === 'separator' ? 'amountSeparator' : 'amountUnreadable';
        found[name] = t(key, { field: labels[name], value: values[name], example });
      } else read[name] = reading.value;
    }
    setProblems(found);
    if (Object.keys(found).length > 0) return;
    mutation.mutate({ leaseTermMonths: /^\d+$/.test(months.trim()) ? Number(months.trim()) : Number.NaN, ...read });
  }

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
    </form>
  );
}
