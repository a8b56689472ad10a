import { z } from 'zod';
import { berlinStartOfDay, berlinToday, DATE_RANGE_TEXT, isValidDateParam, isWholeDay, parseDateTime } from '@/lib/api/dates';
import { textKey } from '@/lib/i18n/text-key';
import { CANCEL_REASONS, PURCHASE_ORDER_STATUSES, SORT_KEYS, type SortKey } from '@/lib/shared/model';
import { emailError, SEARCH_MIN_LENGTH } from '@/lib/shared/validation';
import { idParamSchema } from '@/lib/shared/id-schema';
import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';

// The offer resource's schemas, named by role. They validate requests, type the domain, drive the
// portal's forms and generate the OpenAPI document. Messages are keys of validationTexts.

const MONEY_MAX = 99_999_999.99;

/** A finite amount ≥ 0 with at most two decimals (stored exactly as numeric(12,2)). */
export const moneySchema = z
  .number('type')
  // abort: a value out of range is one problem, not also one of decimals.
  .min(0, { error: 'money', abort: true })
  .max(MONEY_MAX, { error: textKey('moneyMax', { maximum: MONEY_MAX.toFixed(2) }), abort: true })
  .refine((v) => /^\d+(\.\d{1,2})?$/.test(String(v)), 'money')
  .meta({ description: 'Gross amount in euros, at most two decimals.', example: 2499.0 });

export const bidexCodeSchema = z
  .string('type')
  .regex(/^\d{6}$/, 'bidexCode')
  .meta({ description: 'Six-digit product-classification code.', example: '102020' });

const text = (max = 255) =>
  z
    .string('type')
    .max(max, 'tooLong');

const requiredText = (max = 255) => text(max).refine((s) => s.trim().length > 0, 'tooShort');

/** The same but for the whitespace that the normalisation of an offer's text turns into a space. */
const CONTROL_BUT_WHITESPACE = /[\u0000-\u0008\u000e-\u001f\u007f-\u009f]/;

/** A name of an offer (customer, brand, model): runs of whitespace become one space on acceptance; other control characters are refused. */
const nameText = <S extends z.ZodString | z.ZodType<string>>(schema: S) => schema.refine((s) => !CONTROL_BUT_WHITESPACE.test(s), 'controlCharacter');

/**
 * A length check that runs on arrays only: zod runs `.min`/`.max` of an array on any input with a
 * length, so a string sent for an array would get a second error beside its type. (`when` is a
 * check's option at run time that zod's parameter types leave out.)
 */
export const ARRAYS_ONLY: object = { when: (payload: { value: unknown }) => Array.isArray(payload.value) };

/** Optional fields may be left out or sent as null; both mean "not given". */
const optional = <S extends z.ZodType>(schema: S) =>
  schema
    .nullish()
    .transform((v) => v ?? undefined)
    .optional();

export const productSchema = z
  .object({
    bidexCode: bidexCodeSchema,
    brandName: optional(nameText(text())),
    modelName: optional(nameText(text())),
    modelYear: optional(text()),
    color: optional(text()),
    size: optional(text()),
    driveManufacturer: optional(text()),
    batteryCapacity: optional(text()),
    priceGross: optional(moneySchema),
    listPriceGross: optional(moneySchema),
  })
  .meta({ id: 'Product', description: 'The bicycle of the offer.' });

export const accessorySchema = z
  .object({
    bidexCode: bidexCodeSchema,
    brandName: optional(nameText(text())),
    modelName: optional(nameText(text())),
    priceGross: optional(moneySchema),
    listPriceGross: optional(moneySchema),
  })
  .meta({ id: 'Accessory', description: 'An accessory; its code must be in the leasable accessory catalogue.' });

const updatableFields = {
  product: productSchema,
  // The length check only of an array: a string sent instead is one problem, its type.
  accessory: z.array(accessorySchema, 'type').max(50, { error: 'tooMany', ...ARRAYS_ONLY }),
  withShipping: optional(z.boolean('type')).meta({
    description: 'Shipping is part of the offer (false when left out); only then does shippingCostGross count.',
  }),
  shippingCostGross: optional(moneySchema).meta({
    description:
      'Gross shipping cost; counts in totalPriceGross only with shipping. Sent without `withShipping: true` it is not kept, and `meta.warnings` says so (SHIPPING_COST_IGNORED).',
  }),
  installationCostGross: optional(moneySchema),
  deliveryDate: optional(
    // One check (format, calendar and range together), so a bad value gives one error. A day
    // without a time is the start of that day in Europe/Berlin, stored as that instant.
    z
      .string('dateTime')
      .refine((v) => (isWholeDay(v) ? berlinStartOfDay(v) : parseDateTime(v)) !== undefined, { error: 'deliveryDate', abort: true })
      .superRefine((v, ctx) => {
        // A delivery before today (in Europe/Berlin) cannot be planned any more.
        const today = berlinToday();
        const at = isWholeDay(v) ? berlinStartOfDay(v)! : parseDateTime(v)!;
        if (at < berlinStartOfDay(today)!) ctx.addIssue({ code: 'custom', message: textKey('deliveryDatePast', { today }) });
      })
      .transform((v) => (isWholeDay(v) ? berlinStartOfDay(v)!.toISOString() : v))
      .meta({
        format: 'date-time',
        description: `Expected delivery: an ISO 8601 date-time with offset, or a day (YYYY-MM-DD) meaning the start of that day in Europe/Berlin (2026-12-24 is stored as 2026-12-23T23:00:00.000Z); ${DATE_RANGE_TEXT}. A day before today (Europe/Berlin) is refused.`,
      }),
  ),
  notes: optional(text(4000)),
};

const customerFields = {
  customerName: nameText(requiredText()).meta({ description: 'Full name of the customer.' }),
  customerEmail: z
    .email({ error: emailError })
    .max(255, 'tooLong')
    .meta({ description: 'The customer’s e-mail address (ASCII).' }),
};

export const createOfferBodySchema = z
  .object({
    externalOfferId: requiredText().meta({ description: "The dealer's own offer number; unique per dealer among active offers." }),
    ...customerFields,
    ...updatableFields,
  })
  .meta({ id: 'CreateOfferBody' });

export const offerCustomerBodySchema = z.object(customerFields).meta({
  id: 'OfferCustomerBody',
  description: 'The customer of the offer, corrected: both fields, as they should read.',
});
export type OfferCustomerBody = z.output<typeof offerCustomerBodySchema>;

export const updateOfferBodySchema = z.object(updatableFields).meta({
  id: 'UpdateOfferBody',
  description: 'Replaces the offer’s data. externalOfferId, customerName and customerEmail cannot be changed and are ignored.',
});

export type CreateOfferBody = z.output<typeof createOfferBodySchema>;
export type UpdateOfferBody = z.output<typeof updateOfferBodySchema>;
export type ProductInput = z.output<typeof productSchema>;
export type AccessoryInput = z.output<typeof accessorySchema>;

// ---- Query parameters -------------------------------------------------------------------

export { SORT_KEYS, type SortKey };

/** Only digits make a whole number of a query: `1e3`, `0x10`, ` 1`, `+1`, `1.0` and `` are none. */
const digitsOnly = (value: unknown) => (typeof value === 'string' && !/^[0-9]+$/.test(value) ? Number.NaN : value);

/**
 * A whole-number query parameter from `min` to `max`, written in digits only (the OpenAPI
 * document's `integer`): every problem with it names both bounds. `default` applies when it is absent.
 */
export function wholeNumberParam(min: number, max: number, fallback?: number) {
  const message = textKey('integerRange', { minimum: min, maximum: max });
  const number = z.coerce.number(message).int(message).min(min, message).max(max, message);
  return z.preprocess(digitsOnly, fallback === undefined ? number : number.default(fallback));
}

const pageSchema = wholeNumberParam(1, 1_000_000, 1);
const perPageSchema = wholeNumberParam(1, 100, 10);

/** A date-time, or a whole day (YYYY-MM-DD: that day in Europe/Berlin). */
const dateParam = z
  .string()
  .superRefine((v, ctx) => {
    if (isValidDateParam(v)) return;
    // An unescaped `+01:00` reaches the server as ` 01:00`: say so, with the escaped example.
    const plus = v.replace(/ (\d{2}:?\d{2})$/, '+$1');
    const message = plus !== v && isValidDateParam(plus) ? textKey('datePlus', { example: plus.replace('+', '%2B') }) : 'date';
    ctx.addIssue({ code: 'custom', message });
  })
  .optional();

const listParam = (description: string) => z.string().max(2000, 'tooLong').optional().meta({ description });

export const listOffersQuerySchema = z.object({
  creationDateFrom: dateParam.meta({ description: 'Created at or after (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin).' }),
  creationDateTo: dateParam.meta({ description: 'Created at or before (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin).' }),
  statusChangedDateFrom: dateParam.meta({ description: 'Status last changed at or after (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin).' }),
  statusChangedDateTo: dateParam.meta({ description: 'Status last changed at or before (date-time, or YYYY-MM-DD for the whole day in Europe/Berlin).' }),
  status: listParam(`Comma-separated statuses; a leading ! excludes one. Values: ${OFFER_STATUSES.join(', ')}.`),
  externalOfferId: listParam('Comma-separated external ids; a leading ! excludes one.'),
  email: listParam('Comma-separated customer e-mails (case-insensitive, each a whole address: a value that is no e-mail address answers 400); a leading ! excludes one.'),
  offerNumber: listParam('Comma-separated offer numbers; a leading ! excludes one. The prefix may be left out: 100302 finds SPK-100302.'),
  orderStatus: listParam(
    `Comma-separated statuses of the purchase order of a done offer; a leading ! excludes one (offers without an order pass an exclusion). Values: ${PURCHASE_ORDER_STATUSES.join(', ')}. The dealer’s work: awaiting_handover (to hand over), handed_over (to invoice), invoice_rejected (to correct), paid.`,
  ),
  search: z.string().max(255, 'tooLong').optional().meta({
    description: `Case-insensitive partial match over customer name, offer number, brand and model; ignored under ${SEARCH_MIN_LENGTH} characters (the answer then says so in \`meta.warnings\`, code SEARCH_TOO_SHORT).`,
  }),
  page: pageSchema.meta({ description: 'Page number, from 1.' }),
  perPage: perPageSchema.meta({ description: 'Items per page, 1 to 100.' }),
  sortBy: z.enum(SORT_KEYS, 'oneOf').default('createdAt').meta({ description: 'Sort key; statusChangedAt sorts by when the status last changed, productName by brand, then model. Ties sort by id.' }),
  order: z.enum(['asc', 'desc'], 'oneOf').default('desc').meta({ description: 'Sort order.' }),
  fields: z.string().max(1000, 'tooLong').optional().meta({ description: 'Comma-separated top-level fields of each offer; id is always included.' }),
});
export type ListOffersQuery = z.output<typeof listOffersQuerySchema>;

export const getOfferQuerySchema = listOffersQuerySchema.pick({ fields: true });

export const pagingQuerySchema = z.object({ page: pageSchema, perPage: perPageSchema });

export { CANCEL_REASONS };

/**
 * A boolean query parameter: `true` or `false` in the URL. Declared as a boolean in the document, so
 * a generated client takes (and serializes) a boolean.
 */
const booleanParam = z
  .enum(['true', 'false'], 'oneOf')
  .transform((v) => v === 'true')
  .meta({
    override: ({ jsonSchema }: { jsonSchema: Record<string, unknown> }) => {
      delete jsonSchema.enum;
      jsonSchema.type = 'boolean';
    },
  });

const cancelFields = {
  cancelReason: z.enum(CANCEL_REASONS, 'oneOf').optional().meta({ description: 'Why the offer is canceled.' }),
  cancelNote: z
    .string('type')
    .trim()
    .max(500, 'tooLong')
    .optional()
    .transform((v) => (v ? v : undefined))
    .meta({ description: 'A free-text note beside the reason (at most 500 characters), e.g. for `other`; kept in the offer and its history.' }),
};

export const cancelOfferQuerySchema = z.object({
  ...cancelFields,
  contactFromEmployeeRequested: booleanParam.default(false).meta({ description: 'Whether the employee asked to be contacted (default false).' }),
});

/**
 * The cancel's input may come as a body instead (JSON, or form fields): the same fields as the
 * query parameters, read, never dropped. A field given in both with different values is refused.
 * Typed strictly, as every JSON body: a boolean is `true` or `false`, never the string `"true"`
 * (form fields, which are text, read `true`/`false` as the query does: cancelOfferFormSchema).
 */
export const cancelOfferBodySchema = z
  .object({
    ...cancelFields,
    contactFromEmployeeRequested: z.boolean('type').optional().meta({ description: 'Whether the employee asked to be contacted (default false).' }),
  })
  .meta({ id: 'CancelOfferBody', description: 'The cancel’s input as a body (optional): the same fields as the query parameters.' });

/** The cancel's input as form fields: text, so a boolean is `true` or `false` as in the query. */
export const cancelOfferFormSchema = z.object({ ...cancelFields, contactFromEmployeeRequested: booleanParam.optional() });

/** The order steps the sandbox takes for the operator on an invoiced order. */
export const SANDBOX_ORDER_STEPS = ['approved', 'paid', 'invoice_rejected'] as const;
export type SandboxOrderStep = (typeof SANDBOX_ORDER_STEPS)[number];

export const advanceOfferQuerySchema = z.object({
  to: z.enum([...OFFER_STATUSES, ...SANDBOX_ORDER_STEPS], 'oneOf').optional().meta({
    description:
      'A status of nextSteps; without it, the next status on the happy path. On a done offer whose order is invoiced, an order status the operator gives: approved, paid (through approved) or invoice_rejected.',
  }),
});

export const validateOfferQuerySchema = z.object({
  offerId: idParamSchema.optional().meta({
    description: 'The dry run of an update of this offer (an id of yours): its own externalOfferId is no conflict.',
  }),
});
