import type { Metadata } from 'next';
import { cookies } from 'next/headers';
import { PrivacyDesk } from '@/components/console/privacy-desk';
import { PageHeader } from '@/components/ui/page-header';
import { consolePage } from '@/lib/console/http/page';
import { consoleLang, consoleTranslator, LANG_COOKIE } from '@/lib/console/i18n';
import { privacyRequestLog } from '@/lib/console/use-cases/privacy';

// The data-protection page (docs/privacy.md): a customer's requests for access and erasure, and
// the audit log of the requests answered.

export async function generateMetadata(): Promise<Metadata> {
  return { title: consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value))('privacyTitle') };
}

export default async function PrivacyPage() {
  const { t } = await consolePage();
  const log = (await privacyRequestLog()).map((r) => ({ ...r, occurredAt: r.occurredAt.toISOString() }));
  return (
    <div className="space-y-section">
      <PageHeader title={t('privacyTitle')} description={t('privacyIntro')} />
      <PrivacyDesk log={log} />
    </div>
  );
}
