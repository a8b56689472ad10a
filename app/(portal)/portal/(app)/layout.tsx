import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { EnvironmentSwitch, LanguageSwitch, SignOutButton } from '@/components/portal/header-controls';
import { NotificationBell } from '@/components/portal/notification-bell';
import { PortalToaster } from '@/components/portal/portal-toaster';
import { PortalProvider } from '@/components/portal/providers';
import { AppShell } from '@/components/ui/app-shell';
import { clientMessages } from '@/lib/i18n/catalogue';
import { translator } from '@/lib/portal/i18n';
import { currentLang, requirePortalContext } from '@/lib/portal/http/server';
import { unreadNotifications } from '@/lib/portal/use-cases/notifications';

// The signed-in portal: checked on the server for every request (no session → sign-in,
// operators → the console), in the app shell every page shares.

/** Titles in the reader's language: "Angebotsdaten · Händlerportal · Spoke"; a page without its own (not found) "Händlerportal · Spoke". */
export async function generateMetadata(): Promise<Metadata> {
  const t = translator(await currentLang());
  return { title: { default: t('portal'), template: `%s · ${t('portal')} · Spoke` } };
}

export default async function PortalLayout({ children }: { children: ReactNode }) {
  const ctx = await requirePortalContext();
  const t = translator(ctx.lang);
  const unread = await unreadNotifications({ userId: ctx.user.id, dealerId: ctx.dealerId, environment: ctx.environment });
  return (
    <PortalProvider lang={ctx.lang} environment={ctx.environment} productionAccess={ctx.productionAccess} dealerName={ctx.dealerName} messages={clientMessages(ctx.lang, ['common', 'portal', 'validation'])}>
      <AppShell
        lang={ctx.lang}
        homeHref="/portal"
        brand={
          <>
            {t('appName')} <span className="font-medium text-ink-muted">· {t('portal')}</span>
          </>
        }
        nav={[
          { href: '/portal/home', text: t('navHome') },
          { href: '/portal', text: t('navOffers'), match: ['/portal', '/portal/offers'] },
          { href: '/portal/offers/new', text: t('navNewOffer') },
          { href: '/portal/webhooks', text: t('navWebhooks') },
          { href: '/portal/account', text: t('navAccount') },
        ]}
        texts={{ skipToContent: t('skipToContent'), mainNav: t('mainNav'), openMenu: t('openMenu'), closeMenu: t('close'), menu: t('menu') }}
        tools={
          <>
            <p className="text-sm text-ink-muted">
              <span className="sr-only">{t('dealer')}: </span>
              <span className="font-semibold text-ink" data-testid="dealer-name">
                {ctx.dealerName}
              </span>
              <span> · {ctx.user.name}</span>
            </p>
            <EnvironmentSwitch />
            <LanguageSwitch />
            <SignOutButton />
          </>
        }
        actions={<NotificationBell unread={unread} />}
        notice={ctx.environment === 'sandbox' ? <p className="bg-warning-50 px-4 py-1 text-center text-xs font-medium text-warning-900">{t('sandboxHint')}</p> : null}
      >
        {children}
        <PortalToaster />
      </AppShell>
    </PortalProvider>
  );
}
