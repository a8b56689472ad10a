import 'server-only';
import { z } from 'zod';
import { getDb } from '@/lib/database';
import { excludedCodesByEmail } from '@/db/repositories/employers';
import type { Lang } from '@/lib/i18n/messages';
import { loadCatalogue } from './catalogue';

export const catalogueQuerySchema = z.object({
  lang: z.string().max(35, 'tooLong').optional().meta({ description: 'Language of the names (de or en); German when unavailable.' }),
});

export const categoriesQuerySchema = catalogueQuerySchema.extend({
  email: z.email('email').max(255, 'tooLong').optional().meta({
    description: "An employee's e-mail: restricts the categories to those the employer allows, if the employee is registered.",
  }),
});

export async function accessoryCategories(lang: Lang) {
  const catalogue = await loadCatalogue();
  const data = catalogue.entries('accessory', lang);
  return { data, meta: { lang, totalCount: data.length } };
}

export async function allCategories(lang: Lang, email?: string) {
  const catalogue = await loadCatalogue();
  const excluded = email ? (await excludedCodesByEmail(getDb(), [email])).get(email.toLowerCase()) : undefined;
  const data = {
    bicycles: catalogue.entries('bicycle', lang, excluded),
    accessories: catalogue.entries('accessory', lang, excluded),
  };
  return { data, meta: { lang, restrictedForEmployee: excluded !== undefined, totalCount: data.bicycles.length + data.accessories.length } };
}
