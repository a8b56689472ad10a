import type { EmployerTextKey, EmployerTranslate } from '@/lib/employer/i18n';
import type { ChangeValue, EmployerChange } from '@/lib/employer/use-cases/history';
import type { Lang } from '@/lib/i18n/messages';
import { formatDateTime, formatMoney } from '@/lib/i18n/words';

// The employer's history of rules and roster: each change with who and when, and every changed
// value old → new in the reader's words and locale.

function shown(v: ChangeValue, lang: Lang, t: EmployerTranslate): string {
  if (v.value === null) return t('nothing');
  if (v.kind === 'money') return formatMoney(v.value as number, lang);
  if (v.kind === 'list') return (v.value as string[]).length === 0 ? t('nothing') : (v.value as string[]).join(', ');
  return String(v.value);
}

export function ChangeLog({ changes, lang, t }: { changes: EmployerChange[]; lang: Lang; t: EmployerTranslate }) {
  return (
    <ol className="space-y-3 border-l-2 border-line pl-4" data-testid="employer-changes">
      {changes.map((c) => (
        <li key={c.id} className="text-sm" data-kind={c.kind}>
          <p className="break-words font-semibold text-ink">{t(`change_${c.kind}` as EmployerTextKey, { subject: c.subject ?? '' })}</p>
          <ul className="mt-1 space-y-0.5 text-ink">
            {c.changes.map((x) => (
              <li key={x.field} className="break-words">
                {t(`field_${x.field}` as EmployerTextKey)}: {shown(x.old, lang, t)} → {shown(x.new, lang, t)}
              </li>
            ))}
          </ul>
          <p className="text-xs text-ink-muted">
            {t(c.actorType === 'operator' ? 'changeByOperator' : 'changeBy', { name: c.actorName, date: formatDateTime(c.occurredAt, lang) })}
          </p>
        </li>
      ))}
    </ol>
  );
}
