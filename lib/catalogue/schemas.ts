import 'server-only';
import { z } from 'zod';
import { emailError } from '@/lib/shared/validation';

// The query parameters of the catalogue endpoints (GET /v1/offers/accessory, /v1/offers/categories).

export const catalogueQuerySchema = z.object({
  lang: z.string().max(35, 'tooLong').optional().meta({ description: 'Language of the names (de or en); German when unavailable, which `meta.warnings` then says (LANGUAGE_NOT_SUPPORTED).' }),
});

export const categoriesQuerySchema = catalogueQuerySchema.extend({
  email: z.email({ error: emailError }).max(255, 'tooLong').optional().meta({
    description: "An employee's e-mail: restricts the categories to those the employer allows, if the employee is registered.",
  }),
});
