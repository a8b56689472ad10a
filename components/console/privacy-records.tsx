'use client';

import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import { formatDate, formatDateTime } from '@/lib/i18n/words';
import { useConsole } from './providers';
import { RecordTable } from './record-tables';

// What the data-protection desk (./privacy-desk.tsx) shows of its records: an offer found for the
// customer, with what erasure will do to it, and the audit log of requests.

export type FoundOffer = {
  id: string;
  offerNumber: string;
  dealer: string;
  environment: string;
  status: string;
  createdAt: string;
  customer: { name: string; email: string };
  employer: string | null;
  personalData: { state: 'anonymised'; since: string } | { state: 'restricted'; since: string; retainedUntil: string } | null;
  erasure: 'anonymise' | 'restrict' | 'none';
  retainedUntil: string | null;
  counts: { history: number; mails: number; webhookEvents: number };
};
export type Findings = { email: string; offers: FoundOffer[]; registrations: { employer: string }[] };
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

export function FoundOfferCard({ offer: o }: { offer: FoundOffer }) {
  const { t, lang, words } = useConsole();
  const note =
    o.personalData?.state === 'anonymised'
      ? t('privacyAnonymised', { date: formatDate(o.personalData.since, lang) })
      : o.personalData?.state === 'restricted'
        ? t('privacyRestricted', { date: formatDate(o.personalData.since, lang), until: formatDate(o.personalData.retainedUntil, lang) })
        : o.erasure === 'restrict'
          ? t('privacyWillRestrict', { date: formatDate(o.retainedUntil, lang) })
          : t('privacyWillAnonymise');
  const facts: [ConsoleTextKey, string][] = [
    ['privacyDealer', `${o.dealer} · ${t(o.environment === 'production' ? 'production' : 'sandbox')}`],
    ['privacyEmployer', o.employer ?? '—'],
    ['privacyCustomer', `${o.customer.name} <${o.customer.email}>`],
    ['privacyCreated', formatDateTime(o.createdAt, lang)],
    ['privacyRecords', t('privacyRecordCounts', { history: o.counts.history, mails: o.counts.mails, events: o.counts.webhookEvents })],
  ];
  return (
    <Card className="text-sm" data-testid="privacy-offer">
      <div className="flex flex-wrap items-center gap-2">
        <Link href={`/console/offers/${o.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          {o.offerNumber}
        </Link>
        <Badge>{words.statusLabel(o.status)}</Badge>
      </div>
      <dl className="mt-2 grid gap-x-4 gap-y-1 sm:grid-cols-[max-content_minmax(0,1fr)]">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-ink-muted">{t(label)}</dt>
            <dd className="min-w-0 break-words text-ink">{value}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-2 text-ink">{note}</p>
    </Card>
  );
}

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
