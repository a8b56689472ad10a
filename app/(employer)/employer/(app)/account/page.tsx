import type { Metadata } from 'next';
import { MailSettingsForm } from '@/components/employer/mail-settings';
import { employerPage, employerPageTitle } from '@/lib/employer/http/page';
import { ChangePasswordForm } from '@/components/account/password-forms';
import { Card } from '@/components/ui/card';
import { PageHeader } from '@/components/ui/page-header';
import { mailSettings } from '@/lib/employer/use-cases/requests';
import { clientMessages } from '@/lib/i18n/catalogue';

export async function generateMetadata(): Promise<Metadata> {
  return { title: await employerPageTitle('accountTitle') };
}

/** The staff member's account: new requests by mail, and the password. */
export default async function AccountPage() {
  const { staff, lang, t } = await employerPage();
  const settings = await mailSettings(staff);
  return (
    <div className="space-y-section">
      <PageHeader title={t('accountTitle')} description={t('accountIntro', { name: staff.name, email: staff.email, employer: staff.employerName })} />
      <Card>
        <MailSettingsForm settings={settings} />
      </Card>
      <Card>
        <ChangePasswordForm lang={lang} messages={clientMessages(lang, ['common', 'portal'])} email={staff.email} />
      </Card>
    </div>
  );
}
