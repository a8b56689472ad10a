import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { LanguageSwitch, SignOutButton } from '@/components/console/header-controls';
import { ConsoleProvider } from '@/components/console/providers';
import { FaceLayout } from '@/components/face-layout';
import { requireOperator } from '@/lib/console/http/auth';
import { consoleLang, consoleTranslator, formatCount, LANG_COOKIE } from '@/lib/console/i18n';
import { workTranslator } from '@/lib/console/work-texts';
import { loadWorkQueueCounts } from '@/lib/console/use-cases/work-queues';
import { env } from '@/lib/env';
import { clientMessages, namespaceTranslator } from '@/lib/i18n/catalogue';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';
import { countInvoicesToCheck } from '@/lib/purchase-orders/use-cases/console-order-face';

// The operator console: checked on the server for every request (no session → sign-in, dealer
// users → their portal; every page checks again, and every console endpoint checks by itself),
// in the app shell both faces share.

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value));
  return { title: { default: t('console'), template: `%s · ${t('console')} · Spoke` } };
}

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const lang = consoleLang((await cookies()).get(LANG_COOKIE)?.value);
  const t = consoleTranslator(lang);
  const w = workTranslator(lang);
  const [counts, invoices] = await Promise.all([loadWorkQueueCounts(), countInvoicesToCheck()]);
  const count = (n: number) => ({ count: formatCount(n, lang), countLabel: w('countLabel', { count: n }) });
  return (
    <ConsoleProvider lang={lang} messages={clientMessages(lang, ['common', 'console', 'purchaseOrder'])}>
      <FaceLayout
        lang={lang}
        t={t}
        face={t('console')}
        homeHref="/console/queues/decision"
        nav={[
          { href: '/console/queues/decision', text: w('navDecision'), match: ['/console/queues/decision', '/console/offers?queue=decision'], ...count(counts.decision) },
          { href: '/console/rejected', text: w('navRejected'), match: ['/console/rejected', '/console/queues/rejected', '/console/offers?queue=rejected'], ...count(counts.rejected) },
          { href: '/console/queues/employer', text: w('navEmployer'), match: ['/console/queues/employer', '/console/offers?queue=employer'], ...count(counts.employer) },
          { href: '/console/invoices', text: namespaceTranslator<OrderTextKey>(lang, 'purchaseOrder')('navInvoices'), match: ['/console/invoices'], ...count(invoices) },
          { href: '/console/queues/search', text: w('navSearch'), match: ['/console/queues/search', '/console/offers'] },
          { href: '/console/dealers', text: t('navDealers') },
          { href: '/console/employers', text: t('navEmployers') },
          { href: '/console/privacy', text: t('navPrivacy'), match: ['/console/privacy'] },
          ...(env.smtpUrl ? [] : [{ href: '/console/mailbox', text: w('navMailbox'), match: ['/console/mailbox'] }]),
        ]}
        signedIn={{ label: t('signedInAs'), name: operator.name, testId: 'operator-name' }}
        controls={
          <>
            <LanguageSwitch />
            <SignOutButton />
          </>
        }
      >
        {children}
      </FaceLayout>
    </ConsoleProvider>
  );
}
