import 'server-only';
import type { Metadata } from 'next';
import { idParamSchema } from '@/lib/shared/id-schema';
import { translator, type TextKey } from '@/lib/portal/i18n';
import { offerNumberIn } from '@/lib/portal/use-cases/offer-title';
import { portalTenant } from './server';

/**
 * The title of an offer's page: `key` with the offer's number ("Angebot SPK-123456"), or the words
 * for an offer that is not in this environment. Without a signed-in dealer user the portal's own
 * title, whatever the id: nothing of a record before authentication.
 */
export async function offerPageMetadata(params: Promise<{ id: string }>, key: TextKey): Promise<Metadata> {
  const [{ id }, tenant] = await Promise.all([params, portalTenant()]);
  if (!tenant) return {};
  const t = translator(tenant.lang);
  const parsed = idParamSchema.safeParse(id);
  const number = parsed.success ? await offerNumberIn(tenant, parsed.data) : undefined;
  return { title: number ? t(key, { number }) : t('notFound') };
}
