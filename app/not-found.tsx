import { cookies } from 'next/headers';
import { StatusPage } from '@/components/ui/status-page';
import { LANG_COOKIE, portalLang, translator } from '@/lib/portal/i18n';

// Any address outside both faces: Spoke's "not found" page in the reader's language.
export default async function NotFound() {
  const t = translator(portalLang((await cookies()).get(LANG_COOKIE)?.value));
  return <StatusPage brand={t('appName')} title={t('notFoundTitle')} text={t('notFoundText')} backHref="/" backLabel={t('backToStart')} />;
}
