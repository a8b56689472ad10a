import 'server-only';
import { cookies } from 'next/headers';
import { requireEmployerStaff } from './auth';
import { LANG_COOKIE } from '@/lib/i18n/words';
import { employerLang, employerTranslator } from '../i18n';

/** Every page of the employer face checks again (the layout may be skipped on a client navigation). */
export async function employerPage() {
  const staff = await requireEmployerStaff();
  const lang = employerLang((await cookies()).get(LANG_COOKIE)?.value);
  return { staff, lang, t: employerTranslator(lang) };
}

export async function employerPageTitle(key: Parameters<ReturnType<typeof employerTranslator>>[0]): Promise<string> {
  return employerTranslator(employerLang((await cookies()).get(LANG_COOKIE)?.value))(key);
}
