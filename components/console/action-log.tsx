import type { OperatorActionRow } from '@/db/repositories/dealers';
import { formatDateTime, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';

// The record of operators' changes to a dealer or an employer (operator_actions), newest first.

function logText(a: OperatorActionRow, t: ConsoleTranslate): string {
  const d = a.details as Record<string, unknown>;
  const env = d.environment === 'production' ? t('production') : d.environment === 'sandbox' ? t('sandbox') : '';
  switch (a.action) {
    case 'dealer_created':
      return t('log_dealer_created');
    case 'client_created':
      return t('log_client_created', { clientId: a.clientId ?? '', environment: env });
    case 'production_enabled':
      return t('log_production_enabled');
    case 'client_rotated':
      return t('log_client_rotated', { clientId: a.clientId ?? '' });
    case 'client_disabled':
      return t('log_client_disabled', { clientId: a.clientId ?? '' });
    case 'employer_created':
      return t('log_employer_created');
    case 'policy_changed':
      return t('log_policy_changed', { codes: Array.isArray(d.new) && d.new.length > 0 ? d.new.join(', ') : t('none') });
    case 'employee_registered':
      return t('log_employee_registered', { email: String(d.email ?? '') });
    default:
      return a.action;
  }
}

export function ActionLog({ actions, lang, t }: { actions: OperatorActionRow[]; lang: Lang; t: ConsoleTranslate }) {
  return actions.length === 0 ? (
    <p className="mt-2 text-sm text-slate-700">{t('logEmpty')}</p>
  ) : (
    <ol className="mt-3 space-y-3 border-l-2 border-slate-200 pl-4" data-testid="operator-log">
      {actions.map((a) => (
        <li key={a.id} className="relative text-sm" data-action={a.action}>
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 size-3 rounded-full border-2 border-white bg-brand-600" />
          <p className="font-semibold text-slate-900">{logText(a, t)}</p>
          <p className="text-xs text-slate-700">
            <time dateTime={a.occurredAt.toISOString()}>{formatDateTime(a.occurredAt.toISOString(), lang)}</time> · {t('by', { who: a.actorName ?? a.actorId })}
          </p>
        </li>
      ))}
    </ol>
  );
}

