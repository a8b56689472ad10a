'use client';

import { useId, useMemo } from 'react';
import { NativeCheckbox } from '@/components/ui/native-checkbox';
import { DateRangePicker, type DateRangeTexts } from '@/components/ui/date-range-picker';
import { DebouncedInput } from '@/components/ui/debounced-input';
import { FieldHint, Label } from '@/components/ui/field';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';

import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';
import { statusParam, type ListState, type statusSelection } from '@/lib/portal/browser/list-state';
import { usePortal } from './providers';

// The offer list's filters, in the sheet behind the list's "Filter" button (loaded when it first
// opens: the calendar is not part of the list page's JavaScript). Every change goes to the URL at
// once; the list behind follows.

export type StatusSelection = ReturnType<typeof statusSelection>;

export function OfferFilters({
  state,
  status,
  onModeChange,
  navigate,
}: {
  state: ListState;
  status: StatusSelection;
  onModeChange: (mode: 'only' | 'except') => void;
  navigate: (patch: Partial<ListState>, mode?: 'push' | 'replace') => void;
}) {
  const { t, lang, words } = usePortal();
  const ids = useId();
  const commitExternal = useMemo(() => (v: string) => navigate({ externalOfferId: v }, 'replace'), [navigate]);
  const commitEmail = useMemo(() => (v: string) => navigate({ email: v }, 'replace'), [navigate]);
  const rangeTexts: DateRangeTexts = {
    placeholder: t('dateRangeAny'),
    clear: t('dateRangeClear'),
    fromOnly: (date) => t('dateRangeFrom', { date }),
    toOnly: (date) => t('dateRangeTo', { date }),
  };
  const iso = (v: string) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? v : '');

  return (
    <div className="grid gap-5" data-testid="offer-filters">
      <div>
        <Label htmlFor={`${ids}-external`}>{t('externalOfferId')}</Label>
        <DebouncedInput id={`${ids}-external`} className="mt-1" value={state.externalOfferId} onCommit={commitExternal} aria-describedby={`${ids}-comma`} />
      </div>
      <div>
        <Label htmlFor={`${ids}-email`}>{t('customerEmailFilter')}</Label>
        <DebouncedInput id={`${ids}-email`} className="mt-1" value={state.email} onCommit={commitEmail} aria-describedby={`${ids}-comma`} />
        <FieldHint id={`${ids}-comma`}>{t('commaHint')}</FieldHint>
      </div>

      <fieldset className="grid gap-2">
        <legend className="mb-1 text-sm font-medium text-ink">{t('statusFilter')}</legend>
        <RadioGroup
          aria-label={t('statusMode')}
          value={status.mode}
          onValueChange={(v) => {
            const mode = v === 'except' ? 'except' : 'only';
            onModeChange(mode);
            navigate({ status: statusParam(mode, status.values) });
          }}
          className="flex flex-wrap gap-x-4 gap-y-2 rounded-control bg-canvas px-2 py-1.5"
        >
          {(['only', 'except'] as const).map((mode) => (
            <div key={mode} className="flex items-center gap-2 text-sm">
              <RadioGroupItem id={`${ids}-mode-${mode}`} value={mode} />
              <label htmlFor={`${ids}-mode-${mode}`}>{mode === 'only' ? t('statusModeOnly') : t('statusModeExcept')}</label>
            </div>
          ))}
        </RadioGroup>
        <div className="grid gap-2 sm:grid-cols-2">
          {OFFER_STATUSES.map((s) => (
            <div key={s} className="flex items-center gap-2 text-sm">
              <NativeCheckbox
                id={`${ids}-status-${s}`}
                checked={status.values.includes(s)}
                onChange={(event) =>
                  navigate({ status: statusParam(status.mode, event.target.checked ? [...status.values, s] : status.values.filter((v) => v !== s)) })
                }
              />
              <label htmlFor={`${ids}-status-${s}`} className="flex min-h-11 flex-1 cursor-pointer items-center">
                {words.statusLabel(s)}
              </label>
            </div>
          ))}
        </div>
      </fieldset>

      {(
        [
          ['creationDateFrom', 'creationDateTo', 'created'],
          ['statusChangedDateFrom', 'statusChangedDateTo', 'statusChanged'],
        ] as const
      ).map(([fromKey, toKey, text]) => (
        <div key={fromKey}>
          <Label htmlFor={`${ids}-${fromKey}`}>{t(text)}</Label>
          <DateRangePicker
            id={`${ids}-${fromKey}`}
            className="mt-1"
            locale={lang}
            texts={rangeTexts}
            value={{ from: iso(state[fromKey]), to: iso(state[toKey]) }}
            onChange={(r) => navigate({ [fromKey]: r.from, [toKey]: r.to })}
          />
        </div>
      ))}
    </div>
  );
}
