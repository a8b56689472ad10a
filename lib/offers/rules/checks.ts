import 'server-only';
import type { StoredStatusEntry } from '@/db/schema';
import type { Catalogue } from '@/lib/catalogue/tree';
import type { StatusEntryCode } from '@/lib/i18n/messages';
import type { AccessoryInput, ProductInput } from '@/lib/offers/contract/schemas';

// The business checks of processing (docs/contract.md, "Lifecycle"). Pure: the processor and the dry-run
// gather what the checks need and both call this one function.

export type CheckInput = {
  product: ProductInput;
  accessory: readonly AccessoryInput[];
};

export type CheckContext = {
  catalogue: Catalogue;
  /** The codes the customer's employer excludes, or null when the customer is not a registered employee. */
  excludedCodes: readonly string[] | null;
  /** Offer numbers of the dealer's rejected, canceled or done offers with the same external id. */
  linkedOfferNumbers: readonly string[];
};

export type CheckResult = { errors: StoredStatusEntry[]; infos: StoredStatusEntry[] };

/**
 * Every code an offer can be rejected with: the checks' own, processing that failed for good, and
 * the declines of the lifecycle. The one list of them; the console's queue filter offers these.
 */
export const REJECTION_CODES = [
  'PRODUCT_NOT_LEASABLE',
  'ACCESSORY_NOT_LEASABLE',
  'CATEGORY_NOT_ALLOWED',
  'MISSING_PRODUCT_DATA',
  'PRODUCT_PRICE_ZERO',
  'PRICE_ABOVE_LIST_PRICE',
  'INTERNAL_SERVER_ERROR',
  'EMPLOYER_DECLINED',
  'OPERATOR_DECLINED',
] as const satisfies readonly StatusEntryCode[];
export type RejectionCode = (typeof REJECTION_CODES)[number];

/** Errors only the dry run answers (a create would answer an HTTP error instead, e.g. 409). */
export const DRY_RUN_CODES = ['EXTERNAL_ID_IN_USE'] as const satisfies readonly StatusEntryCode[];

const cents = (v: number | string) => Math.round(Number(v) * 100);
const euros = (v: number | string) => Number(v).toFixed(2);

export function checkOffer(offer: CheckInput, ctx: CheckContext): CheckResult {
  const errors: (StoredStatusEntry & { code: RejectionCode })[] = [];
  const infos: StoredStatusEntry[] = [];
  const { product } = offer;

  if (!ctx.catalogue.isLeasable(product.bidexCode, 'bicycle')) {
    errors.push({ code: 'PRODUCT_NOT_LEASABLE', field: 'product.bidexCode', params: { code: product.bidexCode } });
  } else if (ctx.excludedCodes && ctx.catalogue.isExcluded(product.bidexCode, ctx.excludedCodes)) {
    errors.push({ code: 'CATEGORY_NOT_ALLOWED', field: 'product.bidexCode', params: { code: product.bidexCode } });
  }

  for (const field of ['brandName', 'modelName', 'priceGross'] as const) {
    const value = product[field];
    if (value === undefined || value === null || (typeof value === 'string' && value.trim() === '')) {
      errors.push({ code: 'MISSING_PRODUCT_DATA', field: `product.${field}` });
    }
  }

  // A price of 0 passes request validation (money ≥ 0: accessories may be free) but leases nothing.
  if (product.priceGross === 0) errors.push({ code: 'PRODUCT_PRICE_ZERO', field: 'product.priceGross' });

  const priceCheck = (price: number | undefined, list: number | undefined, field: string) => {
    if (price !== undefined && list !== undefined && cents(price) > cents(list)) {
      errors.push({ code: 'PRICE_ABOVE_LIST_PRICE', field, params: { price: euros(price), listPrice: euros(list) } });
    }
  };
  priceCheck(product.priceGross, product.listPriceGross, 'product.priceGross');

  offer.accessory.forEach((a, i) => {
    const field = `accessory[${i}].bidexCode`;
    if (!ctx.catalogue.isLeasable(a.bidexCode, 'accessory')) {
      errors.push({ code: 'ACCESSORY_NOT_LEASABLE', field, params: { code: a.bidexCode } });
    } else if (ctx.excludedCodes && ctx.catalogue.isExcluded(a.bidexCode, ctx.excludedCodes)) {
      errors.push({ code: 'CATEGORY_NOT_ALLOWED', field, params: { code: a.bidexCode } });
    }
    priceCheck(a.priceGross, a.listPriceGross, `accessory[${i}].priceGross`);
  });

  if (ctx.linkedOfferNumbers.length > 0) {
    infos.push({
      code: 'EXTERNAL_ID_ALREADY_USED',
      field: 'externalOfferId',
      params: { offerNumbers: ctx.linkedOfferNumbers.join(', ') },
    });
  }
  return { errors, infos };
}
