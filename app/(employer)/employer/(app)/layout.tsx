import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { LanguageSwitch, SignOutButton } from '@/components/employer/header-controls';
import { employerLang, employerTranslator } from '@/lib/employer/i18n';
import { EmployerProvider } from '@/components/employer/providers';
import { AppShell } from '@/components/ui/app-shell';
import { requireEmployerStaff } from '@/lib/employer/http/auth';
import { waitingCount } from '@/lib/employer/use-cases/requests';
import { clientMessages } from '@/lib/i18n/catalogue';
import { formatCount, LANG_COOKIE } from '@/lib/i18n/words';

// The employer face: an employer's HR staff, checked on the server for every request (no session →
// its sign-in, anyone else → their own face), in the app shell the other faces share.

export const dynamic = 'force-dynamic';

export async function generateMetadata(): Promise<Metadata> {
  const t = employerTranslator(employerLang((await cookies()).get(LANG_COOKIE)?.value));
  return { title: { default: t('employerFace'), template: `%s · ${t('employerFace')} · Spoke` } };
}

export default async function EmployerLayout({ children }: { children: ReactNode }) {
  const staff = await requireEmployerStaff();
  const lang = employerLang((await cookies()).get(LANG_COOKIE)?.value);
  const t = employerTranslator(lang);
  const waiting = await waitingCount(staff);
  return (
    <EmployerProvider lang={lang} messages={clientMessages(lang, ['common', 'employer'])}>
      <AppShell
        lang={lang}
        homeHref="/employer"
        brand={
          <>
            {t('appName')} <span className="font-medium text-ink-muted">· {t('employerFace')}</span>
          </>
        }
        nav={[
          { href: '/employer', text: t('navRequests'), match: ['/employer'], count: formatCount(waiting, lang), countLabel: t('requestsCount', { count: waiting }) },
          { href: '/employer/history', text: t('navHistory') },
          { href: '/employer/policy', text: t('navPolicy') },
          { href: '/employer/account', text: t('navAccount') },
        ]}
        texts={{ skipToContent: t('skipToContent'), mainNav: t('mainNav'), openMenu: t('openMenu'), closeMenu: t('close'), menu: t('menu') }}
        tools={
          <>
            <p className="text-sm text-ink-muted">
              <span className="sr-only">{t('signedInFor')}: </span>
              <span className="font-semibold text-ink" data-testid="employer-name">
                {staff.employerName}
              </span>
              <span> · {staff.name}</span>
            </p>
            <LanguageSwitch />
            <SignOutButton />
          </>
        }
      >
        {children}
      </AppShell>
    </EmployerProvider>
  );
}
