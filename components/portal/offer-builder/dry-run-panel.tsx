'use client';

import type { ReactNode } from 'react';
import type { StatusMessage } from '@/lib/portal/browser/api';
import { formFieldName } from '@/lib/i18n/words';
import { usePortal } from '../providers';
import { fieldId, type DryRun } from './form-rules';

/**
 * What the dry run found, above the submit button: every problem, with a link to its field. It
 * informs and never blocks: submitting stays possible whatever it says.
 */
export function DryRunPanel({
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
