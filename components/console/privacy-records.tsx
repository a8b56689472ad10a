'use client';

import { formatDate, formatDateTime } from '@/lib/i18n/words';
import { useConsole } from './providers';
import { RecordTable } from './record-tables';

// The data-protection desk's audit log (./privacy-desk.tsx): every request, who stated it, what it did.

export type LoggedRequest = {
  id: number;
  occurredAt: string;
  actorName: string | null;
  action: 'access' | 'erasure' | string;
  requestDate: string;
  requestReference: string;
  offersAnonymised: number;
  offersRestricted: number;
  records: number;
};

export function AuditLog({ log }: { log: LoggedRequest[] }) {
  const { t, lang } = useConsole();
  return (
    <section aria-labelledby="privacy-log" className="space-y-3">
      <h2 id="privacy-log" className="text-lg font-semibold text-ink">
        {t('privacyLogTitle')}
      </h2>
      {log.length === 0 ? (
        <p className="text-sm text-ink-muted">{t('privacyLogEmpty')}</p>
      ) : (
        <RecordTable
          caption={t('privacyLogTitle')}
          testId="privacy-log"
          rowId={(r) => String(r.id)}
          rows={log}
          columns={[
            { id: 'when', label: t('privacyLogWhen'), cell: (r) => formatDateTime(r.occurredAt, lang), primary: true },
            {
              id: 'what',
              label: t('privacyLogWhat'),
              cell: (r) => (r.action === 'erasure' ? t('privacyAction_erasure') : r.action === 'search' ? t('privacyAction_search') : t('privacyAction_access')),
            },
            { id: 'request', label: t('privacyLogRequest'), cell: (r) => [formatDate(r.requestDate, lang), r.requestReference].filter(Boolean).join(' · ') },
            { id: 'who', label: t('privacyLogWho'), cell: (r) => r.actorName ?? '—' },
            {
              id: 'counts',
              label: t('privacyLogCounts'),
              cell: (r) =>
                r.action === 'erasure'
                  ? t('privacyLogCountsErasure', { anonymised: r.offersAnonymised, restricted: r.offersRestricted, records: r.records })
                  : r.action === 'search'
                    ? t('privacyLogCountsSearch', { records: r.records })
                    : t('privacyLogCountsAccess', { records: r.records }),
            },
          ]}
        />
      )}
    </section>
  );
}
