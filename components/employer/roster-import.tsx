'use client';

import { useRouter } from 'next/navigation';
import { useId, useState } from 'react';
import { toast } from 'sonner';
import { Button } from '@/components/ui/button';
import { Field } from '@/components/ui/field';
import { Input } from '@/components/ui/input';
import { Notice } from '@/components/ui/notice';
import { apiErrorText, ApiRequestError, callOwn } from '@/lib/api-client/browser/call';
import { IMPORT_MAX_BYTES } from '@/lib/employer/schemas';
import { useEmployer } from './providers';

// The roster import: the file is checked first (what it adds and changes; nobody is removed), then
// applied as a whole. A file with bad lines is refused with each line's number and why.

type Change = { email: string; name: string; personnelNumber: string | null; changes: { field: string; old: unknown; new: unknown }[] };
type Summary = { applied: boolean; added: Change[]; changed: Change[]; unchanged: number };

export function RosterImport() {
  const { t, words } = useEmployer();
  const router = useRouter();
  const id = useId();
  const [csv, setCsv] = useState<string | null>(null);
  const [preview, setPreview] = useState<Summary | null>(null);
  const [bad, setBad] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  async function send(text: string, apply: boolean) {
    setBusy(true);
    setError(null);
    setBad([]);
    try {
      const summary = await callOwn<Summary>('POST', '/api/employer/employees/import', words, { body: { csv: text, apply } });
      if (apply) {
        toast.success(t('importApplied', { added: summary.added.length, changed: summary.changed.length }));
        setPreview(null);
        setCsv(null);
        router.refresh();
      } else setPreview(summary);
    } catch (err) {
      setPreview(null);
      if (err instanceof ApiRequestError && err.status === 400 && err.errors.every((e) => e.details?.startsWith('line '))) setBad(err.errors.map((e) => e.translations?.[words.lang] ?? e.message));
      else setError(t('actionFailed', { message: apiErrorText(err, words) }));
    } finally {
      setBusy(false);
    }
  }

  async function choose(file: File | undefined) {
    setPreview(null);
    setBad([]);
    setError(null);
    if (!file) return setCsv(null);
    if (file.size > IMPORT_MAX_BYTES) return setError(t('importTooLarge', { max: Math.floor(IMPORT_MAX_BYTES / 1024) }));
    const text = await file.text();
    setCsv(text);
    await send(text, false);
  }

  const nothing = preview && preview.added.length === 0 && preview.changed.length === 0;
  return (
    <div className="space-y-3" data-testid="roster-import">
      <Field id={`${id}-file`} label={t('importFile')}>
        <Input id={`${id}-file`} type="file" accept=".csv,text/csv" onChange={(e) => void choose(e.target.files?.[0])} />
      </Field>
      {bad.length > 0 ? (
        <Notice role="alert" data-testid="import-refused">
          <p className="font-semibold">{t('importRefused')}</p>
          <ul className="mt-1 list-disc pl-5">
            {bad.map((b) => (
              <li key={b} className="break-words">
                {b}
              </li>
            ))}
          </ul>
        </Notice>
      ) : null}
      {error ? <Notice role="alert">{error}</Notice> : null}
      {preview ? (
        <div className="space-y-2 rounded-card border border-line bg-canvas p-3 text-sm" data-testid="import-preview" aria-live="polite">
          <p className="font-semibold">{t('importPreviewTitle')}</p>
          <ul className="space-y-1">
            <li>{t('importAdded', { count: preview.added.length })}</li>
            <li>{t('importChanged', { count: preview.changed.length })}</li>
            {preview.unchanged > 0 ? <li>{t('importUnchanged', { count: preview.unchanged })}</li> : null}
            <li>{t('importNotRemoved')}</li>
          </ul>
          {preview.changed.length > 0 ? (
            <ul className="list-disc space-y-1 pl-5 text-ink-muted">
              {preview.changed.slice(0, 20).map((c) => (
                <li key={c.email} className="break-words">
                  {c.email}: {c.changes.map((x) => `${t(x.field === 'name' ? 'name' : 'personnelNumber')} ${String(x.old ?? '—')} → ${String(x.new ?? '—')}`).join('; ')}
                </li>
              ))}
            </ul>
          ) : null}
          {nothing ? (
            <p>{t('importNothing')}</p>
          ) : (
            <Button variant="primary" disabled={busy || !csv} onClick={() => csv && void send(csv, true)}>
              {t('importApply')}
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
