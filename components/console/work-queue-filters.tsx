'use client';

import { DebouncedInput } from '@/components/ui/debounced-input';
import { Field } from '@/components/ui/field';
import { NativeSelect } from '@/components/ui/native-select';
import { PRODUCTION_BY_DEFAULT, type QueueFilterKey } from '@/lib/console/schemas';
import { workWords } from '@/lib/console/work-words';
import { OFFER_STATUSES } from '@/lib/shared/model';
import { useConsole } from './providers';

// A work queue's filter fields (./work-queue-view.tsx shows them in a card, or in a drawer on a
// phone): only those the queue offers; each change goes to the URL, text after a pause in typing.

export type Queue = 'decision' | 'rejected' | 'employer' | 'search';

export function QueueFilterFields({
  prefix,
  queue,
  offered,
  value,
  navigate,
  onText: commitText,
  onAge: commitAge,
  codes,
  dealers,
}: {
  /** Makes the fields' ids unique (the card and the drawer both render them). */
  prefix: string;
  queue: Queue;
  offered: readonly QueueFilterKey[];
  value: (key: string) => string;
  navigate: (patch: Record<string, string | undefined>) => void;
  onText: (value: string) => void;
  onAge: (value: string) => void;
  codes: string[];
  dealers: { id: string; name: string }[];
}) {
  const { t, words } = useConsole();
  const w = workWords(t);
  return (
    <>
      {offered.includes('q') ? (
        <Field id={`${prefix}-q`} label={w('search')} className="lg:col-span-2">
          <DebouncedInput id={`${prefix}-q`} type="search" value={value('q')} onCommit={commitText} />
        </Field>
      ) : null}
      {offered.includes('status') ? (
        <Field id={`${prefix}-status`} label={w('status')}>
          <NativeSelect id={`${prefix}-status`} value={value('status')} onChange={(e) => navigate({ status: e.target.value })}>
            <option value="">{t('all')}</option>
            {OFFER_STATUSES.map((s) => (
              <option key={s} value={s}>
                {words.statusLabel(s)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      {offered.includes('code') ? (
        <Field id={`${prefix}-code`} label={t('filterCode')}>
          <NativeSelect id={`${prefix}-code`} value={value('code')} onChange={(e) => navigate({ code: e.target.value })}>
            <option value="">{t('all')}</option>
            {[...new Set([...codes, ...(value('code') ? [value('code')] : [])])].map((c) => (
              <option key={c} value={c}>
                {words.codeLabel('errorCode', c, c)}
              </option>
            ))}
          </NativeSelect>
        </Field>
      ) : null}
      <Field id={`${prefix}-dealer`} label={t('dealer')}>
        <NativeSelect id={`${prefix}-dealer`} value={value('dealer')} onChange={(e) => navigate({ dealer: e.target.value })}>
          <option value="">{t('all')}</option>
          {dealers.map((d) => (
            <option key={d.id} value={d.id}>
              {d.name}
            </option>
          ))}
        </NativeSelect>
      </Field>
      <Field id={`${prefix}-environment`} label={t('environment')}>
        {PRODUCTION_BY_DEFAULT.includes(queue) ? (
          <NativeSelect id={`${prefix}-environment`} value={value('environment') || 'production'} onChange={(e) => navigate({ environment: e.target.value === 'production' ? '' : e.target.value })}>
            <option value="production">{t('production')}</option>
            <option value="sandbox">{t('sandbox')}</option>
            <option value="all">{t('all')}</option>
          </NativeSelect>
        ) : (
          <NativeSelect id={`${prefix}-environment`} value={value('environment')} onChange={(e) => navigate({ environment: e.target.value })}>
            <option value="">{t('all')}</option>
            <option value="sandbox">{t('sandbox')}</option>
            <option value="production">{t('production')}</option>
          </NativeSelect>
        )}
      </Field>
      {offered.includes('age') ? (
        <Field id={`${prefix}-age`} label={w('minAge')}>
          <DebouncedInput id={`${prefix}-age`} type="number" inputMode="numeric" min={0} value={value('age')} onCommit={commitAge} />
        </Field>
      ) : null}
    </>
  );
}
