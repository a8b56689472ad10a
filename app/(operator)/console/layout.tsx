import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { LanguageSwitch, SignOutButton } from '@/components/console/header-controls';
import { ConsoleNav } from '@/components/console/nav';
import { ConsoleProvider } from '@/components/console/providers';
import { requireOperator } from '@/lib/console/auth';
import { consoleLang, consoleTranslator, LANG_COOKIE } from '@/lib/console/i18n';

// The operator console: checked on the server for every request (no session → sign-in, dealer
// users → their portal; every page checks again, and every console endpoint checks by itself),
// with the portal's header layout.

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value));
  return { title: { default: t('console'), template: `%s · ${t('console')} · Spoke` } };
}

export default async function ConsoleLayout({ children }: { children: ReactNode }) {
  const operator = await requireOperator();
  const lang = consoleLang((await cookies()).get(LANG_COOKIE)?.value);
  const t = consoleTranslator(lang);
  return (
    <ConsoleProvider lang={lang}>
      <div lang={lang} className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        <header className="border-b border-slate-200 bg-white print:hidden">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
            <Link href="/console" className="text-lg font-bold text-brand-700">
              {t('appName')} <span className="font-medium text-slate-700">· {t('console')}</span>
            </Link>
            <ConsoleNav
              label={t('mainNav')}
              items={[
                { href: '/console', text: t('navQueue'), match: ['/console', '/console/offers'] },
                { href: '/console/dealers', text: t('navDealers'), match: ['/console/dealers'] },
                { href: '/console/employers', text: t('navEmployers'), match: ['/console/employers'] },
              ]}
            />
            <div className="ml-auto flex flex-wrap items-center gap-x-5 gap-y-2">
              <p className="text-sm text-slate-700">
                <span className="sr-only">{t('signedInAs')}: </span>
                <span className="font-semibold text-slate-900" data-testid="operator-name">
                  {operator.name}
                </span>
              </p>
              <LanguageSwitch />
              <SignOutButton />
            </div>
          </div>
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
          {children}
        </main>
      </div>
    </ConsoleProvider>
  );
}
