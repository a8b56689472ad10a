import { cookies } from 'next/headers';
import { StatusPage } from '@/components/ui/status-page';
import { consoleLang, consoleTranslator, LANG_COOKIE } from '@/lib/console/i18n';

export default async function ConsoleNotFound() {
  const t = consoleTranslator(consoleLang((await cookies()).get(LANG_COOKIE)?.value));
  return <StatusPage brand={`${t('appName')} · ${t('console')}`} title={t('notFoundTitle')} text={t('notFoundText')} backHref="/console/rejected" backLabel={t('navQueue')} />;
}
