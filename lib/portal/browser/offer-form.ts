import type { Lang } from '@/lib/i18n/lang';
import { parseTextKey, validationKeyChain, type TextParams, type ValidationKey } from '@/lib/i18n/text-key';
import type { Offer } from './api';
import { argumentsOf, renderMessage, type Words } from '@/lib/i18n/words';
import { formatAmount, parseAmount, type AmountProblem } from '@/lib/i18n/amount';

// The offer builder's form values: what the inputs hold (text, as typed). `toBody` turns them into
// the API's request body, which the API's own zod schema then validates (lib/offers/contract/schemas.ts).

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

/**
 * An amount field's value for the request body: the amount as the page's locale reads it,
 * undefined for an empty field, NaN for a text that cannot be read (the API's schema refuses it,
 * and the builder names the problem at the field before that).
 */
export function amountOf(value: string, lang: Lang): number | undefined {
  const reading = parseAmount(value, lang);
  return reading.ok ? reading.value : Number.NaN;
}

const text = (value: string) => (value === '' ? undefined : value);

/** The request body of the form's values (create shape; an update ignores the customer fields). */
export function toBody(v: OfferFormValues, lang: Lang) {
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
      priceGross: amountOf(v.product.priceGross, lang),
      listPriceGross: amountOf(v.product.listPriceGross, lang),
    },
    accessory: v.accessory.map((a) => ({
      bidexCode: a.bidexCode,
      brandName: text(a.brandName),
      modelName: text(a.modelName),
      priceGross: amountOf(a.priceGross, lang),
      listPriceGross: amountOf(a.listPriceGross, lang),
    })),
    withShipping: v.withShipping,
    shippingCostGross: amountOf(v.shippingCostGross, lang),
    installationCostGross: amountOf(v.installationCostGross, lang),
    // The picked day as a day: the API reads it as that day in Europe/Berlin (not UTC midnight).
    deliveryDate: v.deliveryDate || undefined,
    notes: text(v.notes),
  };
}

const berlinDays = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin', year: 'numeric', month: '2-digit', day: '2-digit' });
/** The day (`YYYY-MM-DD`) of an instant in Europe/Berlin: 2026-12-23T23:00:00Z is 2026-12-24. */
export const berlinDay = (iso: string) => berlinDays.format(new Date(iso));

const moneyText = (n: number | undefined, lang: Lang) => (n === undefined ? '' : formatAmount(n, lang));

/**
 * The form values of an existing offer (for editing). Every field but the delivery date reads
 * back as the offer holds it (`toBody` of these values is the offer's data); the delivery date is
 * shown as its day, and `updateBody` sends the offer's own date-time while that day is unchanged.
 */
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
    deliveryDate: o.deliveryDate ? berlinDay(o.deliveryDate) : '',
    notes: o.notes ?? '',
  };
}

/** A negative amount: the API refuses it (money is ≥ 0), so the builder says so at the field at once. */
export function isNegativeMoney(value: unknown, lang: Lang): boolean {
  const n = amountOf(String(value ?? ''), lang);
  return n !== undefined && n < 0;
}

/**
 * The request body of an edit: what the form holds, with the fields the dealer left as they were
 * read sent as the offer has them (the delivery date keeps its time of day). Null when nothing
 * differs from the offer as read.
 */
export function updateBody(v: OfferFormValues, offer: Offer, lang: Lang): ReturnType<typeof toBody> | null {
  const read = fromOffer(offer, lang);
  const body = toBody(v, lang);
  if (JSON.stringify(body) === JSON.stringify(toBody(read, lang))) return null;
  if (v.deliveryDate === read.deliveryDate) body.deliveryDate = offer.deliveryDate;
  return body;
}

/**
 * The form values of a new offer copied from `o`: the same bicycle, accessories, shipping and
 * installation; the customer, your offer number, delivery date and notes are left for the new one.
 */
export function copyOfOffer(o: Offer, lang: Lang): OfferFormValues {
  return { ...fromOffer(o, lang), externalOfferId: '', customerName: '', customerEmail: '', deliveryDate: '', notes: '' };
}

/**
 * The live total, as the API computes it: bicycle + accessories + shipping (only with shipping) +
 * installation. `total` is undefined while an amount cannot be read (no total from a misread
 * value); a negative amount (refused at its field) counts as nothing, so the total is never negative.
 */
export function liveTotal(v: Pick<OfferFormValues, 'product' | 'accessory' | 'withShipping' | 'shippingCostGross' | 'installationCostGross'>, lang: Lang) {
  let readable = true;
  const cents = (value: string | undefined) => {
    const n = amountOf(value ?? '', lang);
    if (n !== undefined && Number.isNaN(n)) readable = false;
    return n === undefined || Number.isNaN(n) || n < 0 ? 0 : Math.round(n * 100);
  };
  const product = cents(v.product?.priceGross);
  const accessories = (v.accessory ?? []).reduce((sum, a) => sum + cents(a?.priceGross), 0);
  const shipping = v.withShipping ? cents(v.shippingCostGross) : 0;
  const installation = cents(v.installationCostGross);
  return {
    product: product / 100,
    accessories: accessories / 100,
    shipping: shipping / 100,
    installation: installation / 100,
    total: readable ? (product + accessories + shipping + installation) / 100 : undefined,
  };
}

/** The amount fields of the form, by their form names. */
export function amountFields(v: Pick<OfferFormValues, 'accessory'>): string[] {
  return [
    'product.priceGross',
    'product.listPriceGross',
    ...(v.accessory ?? []).flatMap((_, i) => [`accessory.${i}.priceGross`, `accessory.${i}.listPriceGross`]),
    'shippingCostGross',
    'installationCostGross',
  ];
}

const MODEL_YEAR_FIRST = 1990;

/** The model years a bicycle offered today may have: four digits, from 1990 to two years ahead. */
export const modelYearRange = (now: Date) => ({ min: MODEL_YEAR_FIRST, max: now.getFullYear() + 2 });

export type FormProblem = { name: string; problem: AmountProblem | 'modelYear' | 'pastDate' };

/**
 * What the builder refuses before the API sees it: amounts that cannot be read in the page's
 * locale, a model year that is not a plausible year (only one typed here: an edit keeps a
 * model year the offer already has, as the API took it), and a delivery date before today in
 * Europe/Berlin (as the API refuses it; picked here: an edit keeps the offer's own).
 */
export function formProblems(v: OfferFormValues, lang: Lang, offer?: Offer, now = new Date()): FormProblem[] {
  const problems: FormProblem[] = [];
  for (const name of amountFields(v)) {
    const reading = parseAmount(String(lookup(v, name) ?? ''), lang);
    if (!reading.ok) problems.push({ name, problem: reading.problem });
  }
  const year = v.product.modelYear.trim();
  if (year !== '' && year !== (offer?.product.modelYear ?? '')) {
    const { min, max } = modelYearRange(now);
    if (!/^\d{4}$/.test(year) || Number(year) < min || Number(year) > max) problems.push({ name: 'product.modelYear', problem: 'modelYear' });
  }
  const ownDay = offer?.deliveryDate ? berlinDay(offer.deliveryDate) : '';
  if (v.deliveryDate && v.deliveryDate !== ownDay && v.deliveryDate < berlinDay(now.toISOString())) problems.push({ name: 'deliveryDate', problem: 'pastDate' });
  return problems;
}

const lookup = (v: OfferFormValues, name: string): unknown =>
  name.split('.').reduce<unknown>((at, key) => (at === null || typeof at !== 'object' ? undefined : (at as Record<string, unknown>)[key]), v);

const MONEY_FIELD = /(priceGross|listPriceGross|CostGross)$/;

/**
 * The text of a field's validation message: the schema's messages are keys of the API's
 * validation texts; server messages arrive translated and are shown as they are.
 */
export function validationMessage(message: string | undefined, field: string, words: Words): string {
  if (!message) return '';
  const { lang } = words;
  const text = (key: string) => words.message(['validation', key]);
  const own = parseTextKey(message, (key) => text(key) !== undefined);
  if (!own) return message;
  const key: ValidationKey = own.key === 'type' && MONEY_FIELD.test(field) ? 'money' : own.key;
  const maximum = field === 'notes' ? 4000 : field === 'accessory' ? 50 : 255;
  const params: TextParams = { maximum, expected: MONEY_FIELD.test(field) ? 'number' : 'string', ...own.params, field: words.fieldLabel(field) };
  const fills = (k: ValidationKey) => argumentsOf(text(k)!).every((name) => params[name] !== undefined && params[name] !== '');
  return renderMessage(lang, text(validationKeyChain(key).find(fills) ?? 'invalid')!, params);
}
