import 'server-only';
import type { z } from 'zod';
import { getDb } from '@/lib/database';
import { excludedCodesByEmail } from '@/db/repositories/employers';
import { activeOfferHolding, findOffer } from '@/db/repositories/offers';
import { linkedOfferNumbers } from '@/db/repositories/offers-processing';
import { notFound } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import type { Tenant } from '@/lib/auth/authenticate';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Conforms } from '@/lib/api/response-schemas';
import type { Lang } from '@/lib/i18n/messages';
import { checkOffer } from '@/lib/offers/rules/checks';
import { externalIdConflict } from '@/lib/offers/rules/conflict';
import { normalizeOffer } from '@/lib/offers/rules/normalize';
import type { offerValidationSchema } from '@/lib/offers/contract/response-schemas';
import { createOfferBodySchema } from '@/lib/offers/contract/schemas';
import { renderStatus } from '@/lib/offers/contract/status';

/**
 * The dry run of a create (or, with `updatedOfferId`, of an update of that offer, which holds its
 * own externalOfferId): the same request validation, normalisation and business checks as
 * acceptance and processing, with nothing written. Answers the status object the offer would get.
 * The dry run of an update of an offer the dealer does not have (another dealer's, another
 * environment's, none) answers 404, as the update would — after the body, in the update's order.
 */
export async function validateOffer(tenant: Tenant, raw: unknown, lang: Lang, updatedOfferId?: string) {
  const body = parseOrThrow(createOfferBodySchema, raw);
  const { value, infos } = normalizeOffer(body);
  const db = getDb();
  if (updatedOfferId !== undefined && !(await findOffer(db, tenant, updatedOfferId))) notFound();
  const [catalogue, excluded, linked, active] = await Promise.all([
    loadCatalogue(),
    excludedCodesByEmail(db, [value.customerEmail]),
    linkedOfferNumbers(db, [{ ...tenant, externalOfferId: value.externalOfferId }]),
    activeOfferHolding(db, tenant, value.externalOfferId, updatedOfferId),
  ]);
  const result = checkOffer(value, {
    catalogue,
    excludedCodes: excluded.get(value.customerEmail.toLowerCase()) ?? null,
    linkedOfferNumbers: linked[0] ?? [],
  });
  // A create would be refused with 409 while an open offer holds the id: the dry run answers the same.
  if (active) throw externalIdConflict(active);
  const status = result.errors.length > 0 ? 'rejected' : 'draft';
  return {
    valid: result.errors.length === 0,
    status: renderStatus(status, result.errors, [...infos, ...result.infos], lang),
  };
}

// The dry run answers this shape.
type _ValidationConforms = Conforms<Awaited<ReturnType<typeof validateOffer>>, z.output<typeof offerValidationSchema>['data']>;
