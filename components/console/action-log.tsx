import type { OperatorActionRow } from '@/lib/console/use-cases/actions';
import { formatMoney } from '@/lib/i18n/words';
import { formatPercent } from '@/lib/leasing/format';
import { formatDateTime, type ConsoleTextKey, type ConsoleTranslate, type Lang } from '@/lib/console/i18n';

// The record of operators' changes to a dealer or an employer (operator_actions), newest first.

/**
 * Production enabled: by override (the open items and the reason in words), with the evidence
 * met, or — entries from before the checklist — plainly.
 */
function productionEnabledText(d: Record<string, unknown>, t: ConsoleTranslate): string {
  const checklist = Array.isArray(d.checklist) ? (d.checklist as { key?: unknown; met?: unknown }[]) : null;
  const override = d.override as { reason?: unknown } | undefined;
  if (override && typeof override.reason === 'string') {
    const missing = (checklist ?? []).filter((i) => i.met === false && typeof i.key === 'string').map((i) => t(`prodCheck_${String(i.key)}` as ConsoleTextKey));
    return t('log_production_enabled_override', { missing: missing.length ? missing.join(', ') : t('none'), reason: override.reason });
  }
  return checklist ? t('log_production_enabled_met') : t('log_production_enabled');
}

/** A change of lease terms, each changed value old → new in the reader's locale. */
function leaseTermsText(d: Record<string, unknown>, t: ConsoleTranslate, lang: Lang): string {
  const old = (d.old ?? {}) as Record<string, unknown>;
  const now = (d.new ?? {}) as Record<string, unknown>;
  const shown: [string, ConsoleTextKey, (v: number) => string][] = [
    ['leaseTermMonths', 'leaseTerm', (v) => t('leaseMonths', { months: v })],
    ['leasingFactorPercent', 'leaseFactor', (v) => formatPercent(v, lang)],
    ['insurancePercent', 'leaseInsurancePercent', (v) => formatPercent(v, lang)],
    ['employerSubsidyMonthly', 'leaseSubsidyFixed', (v) => formatMoney(v, lang)],
  ];
  const changes = shown
    .filter(([key]) => old[key] !== now[key])
    .map(([key, label, show]) => `${t(label)}: ${typeof old[key] === 'number' ? show(old[key]) : '—'} → ${typeof now[key] === 'number' ? show(now[key]) : '—'}`);
  return t('log_lease_terms_changed', { changes: changes.join('; ') || t('none') });
}

function logText(a: OperatorActionRow, t: ConsoleTranslate, lang: Lang): string {
  const d = a.details as Record<string, unknown>;
  const env = d.environment === 'production' ? t('production') : d.environment === 'sandbox' ? t('sandbox') : '';
  switch (a.action) {
    case 'dealer_created':
      return t('log_dealer_created');
    case 'client_created':
      return t('log_client_created', { clientId: a.clientId ?? '', environment: env });
    case 'production_enabled':
      return productionEnabledText(d, t);
    case 'client_rotated':
      return t('log_client_rotated', { clientId: a.clientId ?? '' });
    case 'client_disabled':
      return t('log_client_disabled', { clientId: a.clientId ?? '' });
    case 'employer_created':
      return t('log_employer_created');
    case 'policy_changed':
      return t('log_policy_changed', { codes: Array.isArray(d.new) && d.new.length > 0 ? d.new.join(', ') : t('none') });
    case 'lease_terms_changed':
      return leaseTermsText(d, t, lang);
    case 'price_limit_changed':
      return t('log_price_limit_changed', { old: typeof d.old === 'number' ? formatMoney(d.old, lang) : t('none'), new: typeof d.new === 'number' ? formatMoney(d.new, lang) : t('none') });
    case 'bounds_changed':
      return t('log_bounds_changed', {
        changes: (Array.isArray(d.changes) ? (d.changes as { field: string; old: unknown; new: unknown }[]) : [])
          .map((c) => {
            const show = (v: unknown) => (typeof v !== 'number' ? t('none') : c.field === 'bicyclesAtOnceCeiling' ? String(v) : formatMoney(v, lang));
            return `${t(`boundsField_${c.field}` as ConsoleTextKey)}: ${show(c.old)} → ${show(c.new)}`;
          })
          .join('; '),
      });
    case 'user_invited':
      return t('log_user_invited', { email: String(d.email ?? '') });
    case 'user_disabled':
      return t('log_user_disabled', { email: String(d.email ?? '') });
    case 'password_reset_sent':
      return t('log_password_reset_sent', { email: String(d.email ?? '') });
    case 'employee_registered':
      return t('log_employee_registered', { email: String(d.email ?? '') });
    default:
      return a.action;
  }
}

export function ActionLog({ actions, lang, t }: { actions: OperatorActionRow[]; lang: Lang; t: ConsoleTranslate }) {
  return actions.length === 0 ? (
    <p className="text-sm text-ink-muted">{t('logEmpty')}</p>
  ) : (
    <ol className="space-y-3 border-l-2 border-line pl-4" data-testid="operator-log">
      {actions.map((a) => (
        <li key={a.id} className="relative text-sm" data-action={a.action}>
          <span aria-hidden="true" className="absolute -left-[1.4rem] top-1 size-3 rounded-pill border-2 border-surface bg-brand-600" />
          <p className="break-words font-semibold text-ink">{logText(a, t, lang)}</p>
          <p className="text-xs text-ink-muted">
            <time dateTime={a.occurredAt.toISOString()}>{formatDateTime(a.occurredAt.toISOString(), lang)}</time> · {t('by', { who: a.actorName ?? a.actorId })}
          </p>
        </li>
      ))}
    </ol>
  );
}

