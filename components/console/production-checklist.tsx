'use client';

import { Check, X } from 'lucide-react';
import { useId } from 'react';
import { Card, CardHeader } from '@/components/ui/card';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { describedBy, Field } from '@/components/ui/field';
import { Textarea } from '@/components/ui/textarea';
import { cn } from '@/components/ui/cn';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import { OVERRIDE_REASON_MAX, type ProductionChecklist } from '@/lib/console/production-checklist';
import { useConsole } from './providers';

// The dealer's evidence for production (lib/console/production-checklist.ts): each item met or
// not with its figures, and the production form's override — a deliberate tick and a reason —
// for a dealer whose checklist is not met. The server checks both again when enabling.

/** The checklist, each item with an icon, words and its figures. */
export function ProductionChecklistCard({ checklist, productionEnabled }: { checklist: ProductionChecklist; productionEnabled: boolean }) {
  const { t } = useConsole();
  const open = checklist.missing.length;
  return (
    <Card aria-labelledby="production-checklist-heading" data-testid="production-checklist" data-all-met={checklist.allMet}>
      <CardHeader id="production-checklist-heading" title={t('prodChecklistTitle')} description={t('prodChecklistIntro')} />
      <ul className="space-y-2 text-sm">
        {checklist.items.map((item) => (
          <li key={item.key} className="flex items-start gap-2" data-check={item.key} data-met={item.met}>
            {item.met ? (
              <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-brand-700" />
            ) : (
              <X aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-danger-700" />
            )}
            <span>
              <span className="font-medium text-ink">{t(`prodCheck_${item.key}` as ConsoleTextKey)}</span>{' '}
              <span className={cn(item.met ? 'text-ink-muted' : 'text-danger-700')}>({item.met ? t('prodCheckMet') : t('prodCheckNotMet')})</span>
              <span className="block text-ink-muted" data-testid={`production-check-figure-${item.key}`}>
                {t(`prodFigure_${item.key}` as ConsoleTextKey, item.figures)}
              </span>
            </span>
          </li>
        ))}
      </ul>
      {productionEnabled ? null : (
        <p className="mt-3 text-sm font-medium text-ink" data-testid="production-checklist-summary">
          {checklist.allMet ? t('prodChecklistAllMet') : t('prodChecklistOpen', { count: open })}
        </p>
      )}
    </Card>
  );
}

export type OverrideValue = { on: boolean; reason: string };

/** What the form sends for an override, or the problem in words (null: nothing to send). */
export function overrideProblem(value: OverrideValue, t: (key: ConsoleTextKey, params?: Record<string, number>) => string): string | null {
  const reason = value.reason.trim();
  if (!value.on) return t('overrideNeeded');
  if (!reason) return t('overrideReasonRequired');
  if (reason.length > OVERRIDE_REASON_MAX) return t('overrideReasonTooLong', { max: OVERRIDE_REASON_MAX });
  return null;
}

/** The override of the production form: a checkbox, and when ticked the required reason. */
export function ProductionOverride({ value, onChange, error }: { value: OverrideValue; onChange: (value: OverrideValue) => void; error?: string | null }) {
  const { t } = useConsole();
  const ids = useId();
  const hint = t('overrideReasonHint', { max: OVERRIDE_REASON_MAX });
  return (
    <div className="space-y-3 rounded-control border border-line bg-canvas p-3" data-testid="production-override">
      <p className="text-sm text-ink">{t('overrideNeeded')}</p>
      <div className="flex items-center gap-2">
        <NativeCheckbox id={`${ids}-override`} checked={value.on} onChange={(event) => onChange({ ...value, on: event.target.checked })} />
        <label htmlFor={`${ids}-override`} className="text-sm font-medium text-ink">
          {t('overrideLabel')}
        </label>
      </div>
      {value.on ? (
        <Field id={`${ids}-reason`} label={t('overrideReason')} hint={hint} error={error}>
          <Textarea
            id={`${ids}-reason`}
            rows={3}
            required
            maxLength={OVERRIDE_REASON_MAX}
            aria-invalid={error ? true : undefined}
            aria-describedby={describedBy(`${ids}-reason`, hint, error)}
            value={value.reason}
            onChange={(e) => onChange({ ...value, reason: e.target.value })}
          />
        </Field>
      ) : null}
    </div>
  );
}
