import { StatusPage } from '@/components/ui/status-page';
import { translator } from '@/lib/portal/i18n';
import { currentLang } from '@/lib/portal/http/server';

export default async function PortalNotFound() {
  const t = translator(await currentLang());
  return <StatusPage brand={`${t('appName')} · ${t('portal')}`} title={t('notFoundTitle')} text={t('notFoundText')} backHref="/portal" backLabel={t('navOffers')} />;
}
