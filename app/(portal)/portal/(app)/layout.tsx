import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import { EnvironmentSwitch, LanguageSwitch, SignOutButton } from '@/components/portal/header-controls';
import { NotificationBell } from '@/components/portal/notification-bell';
import { PortalToaster } from '@/components/portal/portal-toaster';
import { PortalProvider } from '@/components/portal/providers';
import { FaceLayout } from '@/components/face-layout';
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
    <PortalProvider lang={ctx.lang} environment={ctx.environment} productionAccess={ctx.productionAccess} dealerName={ctx.dealerName} messages={clientMessages(ctx.lang, ['common', 'portal', 'validation', 'purchaseOrder'])}>
      <FaceLayout
        lang={ctx.lang}
        t={t}
        face={t('portal')}
        homeHref="/portal"
        nav={[
          { href: '/portal/home', text: t('navHome') },
          { href: '/portal', text: t('navOffers'), match: ['/portal', '/portal/offers'] },
          { href: '/portal/offers/new', text: t('navNewOffer') },
          { href: '/portal/webhooks', text: t('navWebhooks') },
          { href: '/portal/account', text: t('navAccount') },
        ]}
        signedIn={{ label: t('dealer'), name: ctx.dealerName, testId: 'dealer-name', detail: ctx.user.name }}
        controls={
          <>
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
      </FaceLayout>
    </PortalProvider>
  );
}
