import { cookies, headers } from 'next/headers';
import { StatusPage } from '@/components/ui/status-page';
import { readerLang } from '@/lib/i18n/words';
import { LANG_COOKIE, translator } from '@/lib/portal/i18n';

// Any address outside the faces: Spoke's "not found" page in the language the reader chose, else
// the browser's (as the start page it leads to).
export default async function NotFound() {
  const t = translator(readerLang((await cookies()).get(LANG_COOKIE)?.value, (await headers()).get('accept-language')));
  return <StatusPage brand={t('appName')} title={t('notFoundTitle')} text={t('notFoundText')} backHref="/" backLabel={t('backToStart')} />;
}
