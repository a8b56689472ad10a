import { changeLines, recordsOldValues, type ChangeContext, type FieldChange } from '@/lib/offers/rules/change-value';

/** A history entry's changes in words, "old → new" (both faces; no state, so server or browser). */
export function HistoryChanges({ action, changes, context }: { action: string; changes: readonly FieldChange[]; context: ChangeContext }) {
  if (changes.length === 0) return null;
  const lines = changeLines(changes, context, recordsOldValues(action, changes));
  return (
    <ul className="mt-1 space-y-0.5 break-words text-xs text-ink" aria-label={context.words.path('common.changedFields')}>
      {lines.map((l, i) => (
        <li key={i}>
          <span className="font-medium">{l.label}:</span>{' '}
          {l.old !== undefined ? <del className="text-ink-muted">{l.old}</del> : null}
          {l.old !== undefined && l.new !== undefined ? ' → ' : null}
          {l.new !== undefined ? <ins className="no-underline">{l.new}</ins> : null}
        </li>
      ))}
    </ul>
  );
}
