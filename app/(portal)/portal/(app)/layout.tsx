import Link from 'next/link';
import type { ReactNode } from 'react';
import { EnvironmentSwitch, LanguageSwitch, SignOutButton } from '@/components/portal/header-controls';
import { PortalProvider } from '@/components/portal/providers';
import { translator } from '@/lib/portal/i18n';
import { requirePortalContext } from '@/lib/portal/server';

// The signed-in portal: checked on the server for every request (no session → sign-in,
// operators → the console), with the header every page shares.

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const ctx = await requirePortalContext();
  const t = translator(ctx.lang);
  return (
    <PortalProvider lang={ctx.lang} environment={ctx.environment} productionAccess={ctx.productionAccess} dealerName={ctx.dealerName}>
      <div lang={ctx.lang} className="flex min-h-screen flex-col">
        <a
          href="#main"
          className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2"
        >
          {t('skipToContent')}
        </a>
        <header className="border-b border-slate-200 bg-white print:hidden">
          <div className="mx-auto flex max-w-7xl flex-wrap items-center gap-x-6 gap-y-3 px-4 py-3">
            <Link href="/portal" className="text-lg font-bold text-brand-700">
              {t('appName')} <span className="font-medium text-slate-700">· {t('portal')}</span>
            </Link>
            <nav aria-label={t('mainNav')} className="flex gap-4 text-sm font-medium">
              <Link href="/portal" className="text-slate-800 hover:text-brand-700 hover:underline">
                {t('navOffers')}
              </Link>
              <Link href="/portal/offers/new" className="text-slate-800 hover:text-brand-700 hover:underline">
                {t('navNewOffer')}
              </Link>
              <Link href="/portal/webhooks" className="text-slate-800 hover:text-brand-700 hover:underline">
                {t('navWebhooks')}
              </Link>
            </nav>
            <div className="ml-auto flex flex-wrap items-center gap-x-5 gap-y-2">
              <p className="text-sm text-slate-700">
                <span className="sr-only">{t('dealer')}: </span>
                <span className="font-semibold text-slate-900" data-testid="dealer-name">
                  {ctx.dealerName}
                </span>
                <span className="text-slate-600"> · {ctx.user.name}</span>
              </p>
              <EnvironmentSwitch />
              <LanguageSwitch />
              <SignOutButton />
            </div>
          </div>
          {ctx.environment === 'sandbox' ? (
            <p className="bg-amber-50 px-4 py-1 text-center text-xs font-medium text-amber-900">{t('sandboxHint')}</p>
          ) : null}
        </header>
        <main id="main" tabIndex={-1} className="mx-auto w-full max-w-7xl flex-1 px-4 py-6 focus:outline-none">
          {children}
        </main>
      </div>
    </PortalProvider>
  );
}
