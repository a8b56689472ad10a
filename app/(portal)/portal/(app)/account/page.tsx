import type { Metadata } from 'next';
import { ChangePasswordForm } from '@/components/account/password-forms';
import { NotificationSettingsForm } from '@/components/portal/notification-settings-form';
import { Card } from '@/components/ui/card';
import { clientMessages } from '@/lib/i18n/catalogue';
import { translator } from '@/lib/portal/i18n';
import { currentLang, requirePortalContext } from '@/lib/portal/http/server';
import { notificationSettings } from '@/lib/portal/use-cases/notifications';

export async function generateMetadata(): Promise<Metadata> {
  return { title: translator(await currentLang())('accountTitle') };
}

export default async function AccountPage() {
  const ctx = await requirePortalContext();
  const t = translator(ctx.lang);
  const settings = await notificationSettings({ userId: ctx.user.id, dealerId: ctx.dealerId });
  const messages = clientMessages(ctx.lang, ['common', 'portal']);
  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold">{t('accountTitle')}</h1>
        <p className="text-sm text-ink-muted">{t('accountIntro', { name: ctx.user.name, email: ctx.user.email })}</p>
      </div>
      <Card>
        <ChangePasswordForm lang={ctx.lang} messages={messages} email={ctx.user.email} />
      </Card>
      <Card>
        <NotificationSettingsForm lang={ctx.lang} messages={messages} settings={settings} />
      </Card>
    </div>
  );
}
