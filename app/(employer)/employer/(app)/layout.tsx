import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import type { ReactNode } from 'react';
import { LanguageSwitch, SignOutButton } from '@/components/employer/header-controls';
import { employerLang, employerTranslator } from '@/lib/employer/i18n';
import { EmployerProvider } from '@/components/employer/providers';
import { FaceLayout } from '@/components/face-layout';
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
      <FaceLayout
        lang={lang}
        t={t}
        face={t('employerFace')}
        homeHref="/employer"
        nav={[
          { href: '/employer', text: t('navRequests'), match: ['/employer'], count: formatCount(waiting, lang), countLabel: t('requestsCount', { count: waiting }) },
          { href: '/employer/leases', text: t('navLeases') },
          { href: '/employer/employees', text: t('navEmployees') },
          { href: '/employer/history', text: t('navHistory') },
          { href: '/employer/policy', text: t('navPolicy') },
          { href: '/employer/account', text: t('navAccount') },
        ]}
        signedIn={{ label: t('signedInFor'), name: staff.employerName, testId: 'employer-name', detail: staff.name }}
        controls={
          <>
            <LanguageSwitch />
            <SignOutButton />
          </>
        }
      >
        {children}
      </FaceLayout>
    </EmployerProvider>
  );
}
