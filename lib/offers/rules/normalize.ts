import 'server-only';
import type { StoredStatusEntry } from '@/db/schema';
import { warn } from '@/lib/api/warnings';
import type { AccessoryInput, ProductInput } from '@/lib/offers/contract/schemas';

// What happens to an offer's data on acceptance: text is trimmed and inner whitespace collapsed,
// and the accessory codes that Spoke remaps internally are remapped. Each change is reported as
// an info naming its field.

export const REMAPPED_CODES: Readonly<Record<string, string>> = {
  '202120': '202100',
  '202130': '202100',
  '202140': '202100',
  '202150': '202100',
};

/** Codes of infos written on acceptance (kept when the offer is processed again). */
export const ACCEPTANCE_INFO_CODES = ['TEXT_NORMALIZED', 'BIDEX_CODE_REMAPPED'];

type OfferData = {
  product: ProductInput;
  accessory: AccessoryInput[];
  notes?: string;
  withShipping?: boolean;
  shippingCostGross?: number;
} & Record<string, unknown>;

/**
 * The shipping rule, the same for the total, the documents, the exports and the faces: a shipping
 * cost counts only with `withShipping: true` (left out, `withShipping` is false). A cost above 0
 * sent without it is not kept, and the answer says so (SHIPPING_COST_IGNORED), so what the total
 * holds is what every document lists.
 */
function applyShippingRule<T extends OfferData>(value: T): void {
  const cost = value.shippingCostGross;
  if (value.withShipping !== true && cost !== undefined && cost > 0) {
    warn('SHIPPING_COST_IGNORED', { field: 'shippingCostGross' }, { amount: cost });
    delete value.shippingCostGross;
  }
}

const collapse = (s: string) => s.trim().replace(/\s+/g, ' ');

const PRODUCT_TEXT = ['brandName', 'modelName', 'modelYear', 'color', 'size', 'driveManufacturer', 'batteryCapacity'] as const;
const ACCESSORY_TEXT = ['brandName', 'modelName'] as const;
const TOP_TEXT = ['externalOfferId', 'customerName', 'customerEmail'] as const;

export function normalizeOffer<T extends OfferData>(input: T): { value: T; infos: StoredStatusEntry[] } {
  const infos: StoredStatusEntry[] = [];
  const clean = (value: string | undefined, field: string, fn: (s: string) => string = collapse) => {
    if (value === undefined) return undefined;
    const out = fn(value);
    if (out !== value) infos.push({ code: 'TEXT_NORMALIZED', field });
    return out;
  };

  const value = { ...input, product: { ...input.product }, accessory: input.accessory.map((a) => ({ ...a })) };
  for (const key of TOP_TEXT) {
    if (typeof value[key] === 'string') (value as Record<string, unknown>)[key] = clean(value[key] as string, key);
  }
  for (const key of PRODUCT_TEXT) value.product[key] = clean(value.product[key], `product.${key}`);
  value.accessory.forEach((a, i) => {
    for (const key of ACCESSORY_TEXT) a[key] = clean(a[key], `accessory[${i}].${key}`);
  });
  // Notes keep their line breaks; only the ends are trimmed.
  if (value.notes !== undefined) value.notes = clean(value.notes, 'notes', (s) => s.trim());

  value.accessory.forEach((a, i) => {
    const to = REMAPPED_CODES[a.bidexCode];
    if (to) {
      infos.push({ code: 'BIDEX_CODE_REMAPPED', field: `accessory[${i}].bidexCode`, params: { from: a.bidexCode, to } });
      a.bidexCode = to;
    }
  });
  applyShippingRule(value);
  return { value, infos };
}
