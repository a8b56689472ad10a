import { formatFirst, parseTextKey, validationTextChain, type Lang, type ValidationKey } from '@/lib/i18n/messages';
import type { Offer } from './api';
import { fieldLabel } from '@/lib/i18n/words';

// The offer builder's form values: what the inputs hold (text, as typed). `toBody` turns them into
// the API's request body, which the API's own zod schema then validates (lib/offers/schemas.ts).

export type ProductForm = {
  bidexCode: string;
  brandName: string;
  modelName: string;
  modelYear: string;
  color: string;
  size: string;
  driveManufacturer: string;
  batteryCapacity: string;
  priceGross: string;
  listPriceGross: string;
};
export type AccessoryForm = { bidexCode: string; brandName: string; modelName: string; priceGross: string; listPriceGross: string };

export type OfferFormValues = {
  externalOfferId: string;
  customerName: string;
  customerEmail: string;
  product: ProductForm;
  accessory: AccessoryForm[];
  withShipping: boolean;
  shippingCostGross: string;
  installationCostGross: string;
  /** YYYY-MM-DD */
  deliveryDate: string;
  notes: string;
};

export const emptyAccessory = (): AccessoryForm => ({ bidexCode: '', brandName: '', modelName: '', priceGross: '', listPriceGross: '' });

export function emptyOfferForm(): OfferFormValues {
  return {
    externalOfferId: '',
    customerName: '',
    customerEmail: '',
    product: {
      bidexCode: '',
      brandName: '',
      modelName: '',
      modelYear: '',
      color: '',
      size: '',
      driveManufacturer: '',
      batteryCapacity: '',
      priceGross: '',
      listPriceGross: '',
    },
    accessory: [],
    withShipping: false,
    shippingCostGross: '',
    installationCostGross: '',
    deliveryDate: '',
    notes: '',
  };
}

/** "1.234,56", "1234.56", "1234,5" → number; "" → undefined; anything else → NaN (the schema says why). */
export function parseMoney(value: string): number | undefined {
  const s = value.trim().replace(/\s|€/g, '');
  if (s === '') return undefined;
  const normalized = s.includes(',') ? s.replace(/\./g, '').replace(',', '.') : s;
  return /^-?\d*\.?\d*$/.test(normalized) && normalized !== '.' ? Number(normalized) : Number.NaN;
}

const text = (value: string) => (value === '' ? undefined : value);

/** The request body of the form's values (create shape; an update ignores the customer fields). */
export function toBody(v: OfferFormValues) {
  return {
    externalOfferId: v.externalOfferId,
    customerName: v.customerName,
    customerEmail: v.customerEmail.trim(),
    product: {
      bidexCode: v.product.bidexCode,
      brandName: text(v.product.brandName),
      modelName: text(v.product.modelName),
      modelYear: text(v.product.modelYear),
      color: text(v.product.color),
      size: text(v.product.size),
      driveManufacturer: text(v.product.driveManufacturer),
      batteryCapacity: text(v.product.batteryCapacity),
      priceGross: parseMoney(v.product.priceGross),
      listPriceGross: parseMoney(v.product.listPriceGross),
    },
    accessory: v.accessory.map((a) => ({
      bidexCode: a.bidexCode,
      brandName: text(a.brandName),
      modelName: text(a.modelName),
      priceGross: parseMoney(a.priceGross),
      listPriceGross: parseMoney(a.listPriceGross),
    })),
    withShipping: v.withShipping,
    shippingCostGross: parseMoney(v.shippingCostGross),
    installationCostGross: parseMoney(v.installationCostGross),
    deliveryDate: v.deliveryDate ? `${v.deliveryDate}T00:00:00Z` : undefined,
    notes: text(v.notes),
  };
}

const moneyText = (n: number | undefined, lang: Lang) =>
  n === undefined ? '' : lang === 'de' ? n.toFixed(2).replace('.', ',') : n.toFixed(2);

/** The form values of an existing offer (for editing). */
export function fromOffer(o: Offer, lang: Lang): OfferFormValues {
  const p = o.product;
  return {
    externalOfferId: o.externalOfferId,
    customerName: o.customerName,
    customerEmail: o.customerEmail,
    product: {
      bidexCode: p.bidexCode,
      brandName: p.brandName ?? '',
      modelName: p.modelName ?? '',
      modelYear: p.modelYear ?? '',
      color: p.color ?? '',
      size: p.size ?? '',
      driveManufacturer: p.driveManufacturer ?? '',
      batteryCapacity: p.batteryCapacity ?? '',
      priceGross: moneyText(p.priceGross, lang),
      listPriceGross: moneyText(p.listPriceGross, lang),
    },
    accessory: o.accessory.map((a) => ({
      bidexCode: a.bidexCode,
      brandName: a.brandName ?? '',
      modelName: a.modelName ?? '',
      priceGross: moneyText(a.priceGross, lang),
      listPriceGross: moneyText(a.listPriceGross, lang),
    })),
    withShipping: o.withShipping ?? false,
    shippingCostGross: moneyText(o.shippingCostGross, lang),
    installationCostGross: moneyText(o.installationCostGross, lang),
    deliveryDate: o.deliveryDate ? o.deliveryDate.slice(0, 10) : '',
    notes: o.notes ?? '',
  };
}

/** A negative amount: the API refuses it (money is ≥ 0), so the builder says so at the field at once. */
export function isNegativeMoney(value: unknown): boolean {
  const n = parseMoney(String(value ?? ''));
  return n !== undefined && n < 0;
}

// Amounts the API would refuse (not a number, negative) count as nothing: the total is never
// negative, and the field itself says what is wrong.
/**
 * The form values of a new offer copied from `o`: the same bicycle, accessories, shipping and
 * installation; the customer, your offer number, delivery date and notes are left for the new one.
 */
export function copyOfOffer(o: Offer, lang: Lang): OfferFormValues {
  return { ...fromOffer(o, lang), externalOfferId: '', customerName: '', customerEmail: '', deliveryDate: '', notes: '' };
}

const amount = (value: string) => {
  const n = parseMoney(value);
  return n === undefined || Number.isNaN(n) || n < 0 ? 0 : n;
};

/** The live total, as the API computes it: bicycle + accessories + shipping (only with shipping) + installation. */
export function liveTotal(v: Pick<OfferFormValues, 'product' | 'accessory' | 'withShipping' | 'shippingCostGross' | 'installationCostGross'>) {
  const product = amount(v.product?.priceGross ?? '');
  const accessories = (v.accessory ?? []).reduce((sum, a) => sum + amount(a?.priceGross ?? ''), 0);
  const shipping = v.withShipping ? amount(v.shippingCostGross ?? '') : 0;
  const installation = amount(v.installationCostGross ?? '');
  const cents = (n: number) => Math.round(n * 100);
  return {
    product,
    accessories: cents(accessories) / 100,
    shipping,
    installation,
    total: (cents(product) + cents(accessories) + cents(shipping) + cents(installation)) / 100,
  };
}

const MONEY_FIELD = /(priceGross|listPriceGross|CostGross)$/;

/**
 * The text of a field's validation message: the schema's messages are keys of the API's
 * validation texts; server messages arrive translated and are shown as they are.
 */
export function validationMessage(message: string | undefined, field: string, lang: Lang): string {
  if (!message) return '';
  const own = parseTextKey(message);
  if (!own) return message;
  const key: ValidationKey = own.key === 'type' && MONEY_FIELD.test(field) ? 'money' : own.key;
  const maximum = field === 'notes' ? 4000 : field === 'accessory' ? 50 : 255;
  const params = { maximum, expected: MONEY_FIELD.test(field) ? 'number' : 'string', ...own.params, field: fieldLabel(field, lang) };
  return formatFirst(validationTextChain(key), params)[lang];
}
