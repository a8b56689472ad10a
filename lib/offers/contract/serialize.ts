import 'server-only';
import type { AccessoryRecord, OfferRecord } from '@/db/repositories/offers';
import type { Lang } from '@/lib/i18n/messages';
import { personalDataState } from '@/lib/privacy/state';
import type { CancelReason, LeaseTerms } from '@/lib/shared/model';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import type { OfferOut } from './response-schemas';
import type { OrderOut } from '@/lib/purchase-orders/contract/response-schemas';
import { renderStatus } from './status';

// The only way an offer leaves Spoke: internal columns (dealer, claims, attempts) never do, null
// fields are left out, booleans are never null, money is a number with at most two decimals.

/** The offer as answered: the type of the response schema (lib/offers/response-schemas.ts). */
export type OfferResponse = OfferOut;

const money = (v: number | string | null | undefined) => (v === null || v === undefined ? undefined : Number(v));

type Nullish<V> = null extends V ? true : undefined extends V ? true : false;
/** `T` without null: fields that may be null or undefined become optional. */
type Compact<T> = { [K in keyof T as Nullish<T[K]> extends true ? never : K]: T[K] } & {
  [K in keyof T as Nullish<T[K]> extends true ? K : never]?: NonNullable<T[K]>;
};

// A plain loop: Object.fromEntries(Object.entries(…).filter(…)) cost a list page ~8 % of its CPU.
function compact<T extends Record<string, unknown>>(obj: T): Compact<T> {
  const out: Record<string, unknown> = {};
  for (const key in obj) {
    const value = obj[key];
    if (value !== null && value !== undefined) out[key] = value;
  }
  return out as Compact<T>;
}

function accessoryOut(a: AccessoryRecord) {
  return compact({
    bidexCode: a.bidexCode,
    brandName: a.brandName,
    modelName: a.modelName,
    priceGross: money(a.priceGross),
    listPriceGross: money(a.listPriceGross),
  });
}

/**
 * The offer as answered; `leaseTerms` when its customer is registered with an employer, `order`
 * once it is done (lib/leasing/offer-lease.ts reads both).
 */
export function serializeOffer(o: OfferRecord, lang: Lang, leaseTerms?: LeaseTerms, order?: OrderOut): OfferResponse {
  const body = compact({
    id: o.id,
    offerNumber: o.offerNumber,
    externalOfferId: o.externalOfferId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    product: compact({
      bidexCode: o.productBidexCode,
      brandName: o.productBrandName,
      modelName: o.productModelName,
      modelYear: o.productModelYear,
      color: o.productColor,
      size: o.productSize,
      driveManufacturer: o.productDriveManufacturer,
      batteryCapacity: o.productBatteryCapacity,
      priceGross: money(o.productPriceGross),
      listPriceGross: money(o.productListPriceGross),
    }),
    accessory: o.accessories.map(accessoryOut),
    withShipping: o.withShipping,
    shippingCostGross: money(o.shippingCostGross),
    installationCostGross: money(o.installationCostGross),
    deliveryDate: o.deliveryDate?.toISOString(),
    notes: o.notes,
    totalPriceGross: Number(o.totalPriceGross),
    leaseTerms,
    order,
    environment: o.environment,
    status: renderStatus(o.status as OfferStatus, o.statusErrors, o.statusInfos, lang),
    cancelReason: o.cancelReason as CancelReason | null,
    cancelNote: o.cancelNote,
    contactFromEmployeeRequested: o.contactFromEmployeeRequested,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
    statusChangedAt: o.statusChangedAt.toISOString(),
    personalData: personalDataState(o),
  });
  return body;
}

/** The top-level fields a `fields` parameter may name. */
export const OFFER_FIELDS = [
  'id',
  'offerNumber',
  'externalOfferId',
  'customerName',
  'customerEmail',
  'product',
  'accessory',
  'withShipping',
  'shippingCostGross',
  'installationCostGross',
  'deliveryDate',
  'notes',
  'totalPriceGross',
  'leaseTerms',
  'order',
  'environment',
  'status',
  'cancelReason',
  'cancelNote',
  'contactFromEmployeeRequested',
  'createdAt',
  'updatedAt',
  'statusChangedAt',
  'personalData',
] as const;

export function pickFields(offer: OfferResponse, fields: readonly string[] | null): Record<string, unknown> {
  if (!fields) return offer;
  const out: Record<string, unknown> = { id: offer.id };
  for (const f of fields) if (f in offer) out[f] = (offer as Record<string, unknown>)[f];
  return out;
}
