import 'server-only';
import type { OfferData, OfferRecord } from '@/db/repositories/offers';
import type { FieldChange } from '@/db/schema';

// What an update changed, field by field, for the history.

const num = (v: unknown) => (v === null || v === undefined ? undefined : Number(v));
const str = (v: unknown) => (v === null || v === undefined ? undefined : String(v));

function fromRecord(o: OfferRecord): Record<string, unknown> {
  return {
    'product.bidexCode': o.productBidexCode,
    'product.brandName': str(o.productBrandName),
    'product.modelName': str(o.productModelName),
    'product.modelYear': str(o.productModelYear),
    'product.color': str(o.productColor),
    'product.size': str(o.productSize),
    'product.driveManufacturer': str(o.productDriveManufacturer),
    'product.batteryCapacity': str(o.productBatteryCapacity),
    'product.priceGross': num(o.productPriceGross),
    'product.listPriceGross': num(o.productListPriceGross),
    accessory: o.accessories.map((a) => ({
      bidexCode: a.bidexCode,
      brandName: str(a.brandName),
      modelName: str(a.modelName),
      priceGross: num(a.priceGross),
      listPriceGross: num(a.listPriceGross),
    })),
    withShipping: o.withShipping,
    shippingCostGross: num(o.shippingCostGross),
    installationCostGross: num(o.installationCostGross),
    deliveryDate: o.deliveryDate?.toISOString(),
    notes: str(o.notes),
  };
}

function fromData(d: OfferData): Record<string, unknown> {
  const p = d.product;
  return {
    'product.bidexCode': p.bidexCode,
    'product.brandName': p.brandName,
    'product.modelName': p.modelName,
    'product.modelYear': p.modelYear,
    'product.color': p.color,
    'product.size': p.size,
    'product.driveManufacturer': p.driveManufacturer,
    'product.batteryCapacity': p.batteryCapacity,
    'product.priceGross': p.priceGross,
    'product.listPriceGross': p.listPriceGross,
    accessory: d.accessory.map((a) => ({
      bidexCode: a.bidexCode,
      brandName: a.brandName,
      modelName: a.modelName,
      priceGross: a.priceGross,
      listPriceGross: a.listPriceGross,
    })),
    withShipping: d.withShipping ?? false,
    shippingCostGross: d.shippingCostGross,
    installationCostGross: d.installationCostGross,
    deliveryDate: d.deliveryDate ? new Date(d.deliveryDate).toISOString() : undefined,
    notes: d.notes,
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

export function diffOffer(old: OfferRecord, next: OfferData): FieldChange[] {
  const before = fromRecord(old);
  const after = fromData(next);
  return Object.keys(after)
    .filter((field) => !same(before[field], after[field]))
    .map((field) => ({ field, old: before[field], new: after[field] }));
}
