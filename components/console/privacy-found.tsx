'use client';

import Link from 'next/link';
import { Badge } from '@/components/ui/badge';
import { Card } from '@/components/ui/card';
import type { ConsoleTextKey } from '@/lib/console/i18n';
import { formatDate, formatDateTime } from '@/lib/i18n/words';
import { useConsole } from './providers';

// What the data-protection desk found under an address (docs/privacy.md): the offers it belongs
// to, each with what erasure will do, and the offers it was corrected away from, where only its
// traces are handed over and erased.

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

/** An offer the address was corrected away from: which one, and the counts of its traces. */
export type FoundTrace = { id: string; offerNumber: string; dealer: string; environment: string; counts: { history: number; mails: number; customerLinks: number } };

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

export function FoundTraces({ traces }: { traces: FoundTrace[] }) {
  const { t } = useConsole();
  if (traces.length === 0) return null;
  return (
    <Card className="text-sm" data-testid="privacy-traces">
      <h3 className="font-semibold text-ink">{t('privacyTracesTitle', { count: traces.length })}</h3>
      <p className="mt-1 text-ink">{t('privacyTracesIntro')}</p>
      <ul className="mt-2 space-y-1">
        {traces.map((trace) => (
          <li key={trace.id} className="break-words">
            <Link href={`/console/offers/${trace.id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              {trace.offerNumber}
            </Link>{' '}
            · {trace.dealer} · {t(trace.environment === 'production' ? 'production' : 'sandbox')} ·{' '}
            {t('privacyTraceCounts', { history: trace.counts.history, mails: trace.counts.mails, links: trace.counts.customerLinks })}
          </li>
        ))}
      </ul>
    </Card>
  );
}
