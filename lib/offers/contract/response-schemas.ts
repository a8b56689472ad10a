import 'server-only';
import { z } from 'zod';
import { ACTOR_TYPES, ENVIRONMENTS, PERSONAL_DATA_MARKER } from '@/lib/shared/model';
import { emptyMetaSchema, pageMetaFields, pageMetaSchema, translationsSchema } from '@/lib/api/response-schemas';
import { statusEntryTexts, stepActorTexts, type StepActor } from '@/lib/i18n/messages';
import { OFFER_STATUSES } from '@/lib/offers/rules/lifecycle';
import { bidexCodeSchema, CANCEL_REASONS, moneySchema, SORT_KEYS } from './schemas';
import { orderSchema } from '@/lib/purchase-orders/contract/response-schemas';

// What the offer endpoints answer, as zod schemas: the serializer's type is derived from them
// (lib/offers/serialize.ts), the OpenAPI document is generated from them and the contract tests
// validate every answer with them. Null fields are omitted, so nullable columns are optional here.

export const offerStatusCodeSchema = z.enum(OFFER_STATUSES).meta({
  'x-open-enum': true,
  id: 'OfferStatusCode',
  description: 'A status of the offer lifecycle.',
});

const message = z.string().meta({ description: 'The text in the language of Accept-Language (English by default).' });

export const stepActorSchema = z
  .strictObject({
    code: z.enum(Object.keys(stepActorTexts) as [StepActor, ...StepActor[]]).meta({
      'x-open-enum': true,
      description: 'Who takes the step: processing (Spoke itself), dealer, customer (through the dealer’s link), employer (its HR staff), operator, dealer_or_operator.',
    }),
    message,
    translations: translationsSchema,
  })
  .meta({ id: 'StepActor', description: 'Who acts to take a next step.' });

export const statusStepSchema = z
  .strictObject({
    code: offerStatusCodeSchema,
    message,
    translations: translationsSchema,
    actor: stepActorSchema.optional().meta({ description: 'On each of `nextSteps`: who takes that step.' }),
  })
  .meta({ id: 'StatusStep', description: 'A status: the current one or one that may follow.' });

export const STATUS_ENTRY_CODES = Object.keys(statusEntryTexts);

export const statusMessageSchema = z
  .strictObject({
    code: z.string().meta({
      description: `Machine-readable code. Codes in use: ${STATUS_ENTRY_CODES.join(', ')}; clients must tolerate new ones.`,
      example: 'ACCESSORY_NOT_LEASABLE',
    }),
    field: z.string().optional().meta({ description: 'The request field it is about, for example `accessory[1].bidexCode`.' }),
    message,
    translations: translationsSchema,
    docs: z.url().optional().meta({
      description: 'The entry of this code in the error reference (`/docs/errors#<code>`): its cause and what to do.',
      example: 'https://spoke.example/docs/errors#PRICE_ABOVE_LIST_PRICE',
    }),
  })
  .meta({ id: 'StatusMessage', description: 'An error to fix or an info to show.' });

export const statusObjectSchema = z
  .strictObject({
    current: statusStepSchema,
    nextSteps: z.array(statusStepSchema).meta({ description: 'Exactly the statuses reachable from the current one in one step.' }),
    errors: z.array(statusMessageSchema).meta({ description: 'What must be fixed before processing can continue (the reasons of `rejected`).' }),
    infos: z.array(statusMessageSchema).meta({ description: 'Informational messages, for example normalized text; usually no action needed.' }),
  })
  .meta({ id: 'OfferStatus', description: 'The status object: the record of the offer lifecycle.' });

export type StatusStep = z.output<typeof statusStepSchema>;
export type StatusMessage = z.output<typeof statusMessageSchema>;
export type StatusObject = z.output<typeof statusObjectSchema>;

const text = z.string();

export const offerProductSchema = z
  .strictObject({
    bidexCode: bidexCodeSchema,
    brandName: text.optional(),
    modelName: text.optional(),
    modelYear: text.optional(),
    color: text.optional(),
    size: text.optional(),
    driveManufacturer: text.optional(),
    batteryCapacity: text.optional(),
    priceGross: moneySchema.optional(),
    listPriceGross: moneySchema.optional(),
  })
  .meta({ id: 'OfferProduct', description: 'The bicycle as accepted (normalized; remapped codes applied).' });

export const offerAccessorySchema = z
  .strictObject({
    bidexCode: bidexCodeSchema,
    brandName: text.optional(),
    modelName: text.optional(),
    priceGross: moneySchema.optional(),
    listPriceGross: moneySchema.optional(),
  })
  .meta({ id: 'OfferAccessory', description: 'An accessory as accepted.' });

const timestamp = (description: string) => z.iso.datetime().meta({ description, example: '2026-05-04T08:15:30.000Z' });

export const offerPersonalDataSchema = z
  .strictObject({
    state: z.enum(['anonymised', 'restricted']).meta({
      description:
        'anonymised: the customer’s data was replaced by the markers for good (after the retention period, or on the customer’s request). restricted: the customer asked for erasure, but the concluded order is kept under the statutory retention duty until retainedUntil; it is shown without the customer’s data and left out of searches and exports.',
    }),
    since: timestamp('When the offer was anonymised or restricted.'),
    reason: z.enum(['commercial_retention']).optional().meta({
      description: 'Why a restricted offer is kept: commercial_retention — a concluded contract’s records are kept for the commercial and tax retention periods (§ 257 HGB, § 147 AO; Art. 17(3)(b) GDPR).',
    }),
    retainedUntil: timestamp('When a restricted offer’s retention period ends and it is anonymised.').optional(),
  })
  .meta({
    id: 'OfferPersonalData',
    description: 'Present only on an offer whose customer data was anonymised or is restricted (docs/privacy.md).',
  });

const euro = (description: string, example: number) => z.number().min(0).meta({ description: `${description} Euros, at most two decimals (rounded to the cent, half up).`, example });

export const leaseTermsSchema = z
  .strictObject({
    termMonths: z.int().min(1).meta({ description: 'The lease term in months.', example: 36 }),
    leasingFactorPercent: z.number().min(0).meta({ description: 'The leasing rate per month, in percent of totalPriceGross.', example: 3.15 }),
    monthlyRateGross: euro('The leasing rate per month, gross: totalPriceGross × leasingFactorPercent / 100.', 116.35),
    insuranceMonthly: euro('Insurance and service per month: totalPriceGross × the employer’s insurance percentage / 100.', 14.78),
    employerSubsidyMonthly: euro('What the employer pays towards the rate each month: its fixed subsidy, at most monthlyRateGross.', 30),
    insurancePercent: z.number().min(0).optional().meta({
      description: 'The employer’s insurance and service percentage, per month of totalPriceGross (insuranceMonthly is computed from it). Absent in terms kept before it was answered.',
      example: 0.4,
    }),
    employerSubsidyAgreedMonthly: z.number().min(0).optional().meta({
      description:
        'The employer’s fixed subsidy per month as agreed, in euros (employerSubsidyMonthly is it, capped at monthlyRateGross). Absent in terms kept before it was answered.',
      example: 30,
    }),
    employeeMonthlyGross: euro('What the employee pays per month, gross: monthlyRateGross + insuranceMonthly − employerSubsidyMonthly.', 101.13),
    taxableBenefitMonthly: euro(
      'The taxable benefit in kind per month (0.25 % rule): 1 % of a quarter of benefitBasis, the quarter rounded down to full 100 €.',
      9,
    ),
    benefitBasis: euro('The basis of the taxable benefit: the bicycle’s list price (else its price) plus each accessory’s list price (else its price).', 3858.85),
  })
  .meta({
    id: 'LeaseTerms',
    description:
      'The lease under the terms of the employer the customer is registered with: before submission the employer’s current terms, from submission on the terms kept with the order.',
  });

const MARKER_NOTE = `An anonymised or restricted offer (see personalData) answers the marker "${PERSONAL_DATA_MARKER.customerName}" / "${PERSONAL_DATA_MARKER.customerEmail}" instead.`;

export const offerSchema = z
  .strictObject({
    id: z.uuid().meta({ description: 'The offer id.', example: '5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10' }),
    offerNumber: z.string().meta({ description: 'Spoke’s offer number.', example: 'SPK-100001' }),
    externalOfferId: z.string().meta({ description: 'The dealer’s own offer number.' }),
    customerName: z.string().meta({ description: `The customer’s full name. ${MARKER_NOTE}` }),
    customerEmail: z.string().meta({ description: `The customer’s e-mail address. ${MARKER_NOTE}` }),
    product: offerProductSchema,
    accessory: z.array(offerAccessorySchema),
    withShipping: z.boolean(),
    shippingCostGross: moneySchema.optional(),
    installationCostGross: moneySchema.optional(),
    deliveryDate: z.iso.datetime().optional().meta({ description: 'Expected delivery, ISO 8601 date-time (UTC).' }),
    notes: z.string().optional(),
    totalPriceGross: z.number().min(0).meta({
      description: 'Bicycle + accessories + shipping (only when withShipping is true) + installation, gross, at most two decimals: the sum of the positions every document of the offer lists.',
      example: 3693.75,
    }),
    leaseTerms: leaseTermsSchema.optional().meta({
      description: 'Present when the customer is registered with an employer (by customerEmail); absent otherwise — such a customer cannot order yet.',
    }),
    order: orderSchema.optional().meta({
      description: 'Present once the offer is done: the purchase order the operator’s approval issued to the dealer, its handover, invoice and payment. The offer’s status stays done.',
    }),
    environment: z.enum(ENVIRONMENTS).meta({ description: 'The environment of the client that created the offer.' }),
    status: statusObjectSchema,
    cancelReason: z.enum(CANCEL_REASONS).optional().meta({ description: 'Present once canceled, when a reason was given.' }),
    cancelNote: z.string().max(500).optional().meta({ description: 'Present once canceled, when a note was given beside the reason.' }),
    contactFromEmployeeRequested: z.boolean().optional().meta({ description: 'Present once canceled.' }),
    createdAt: timestamp('When the offer was created.'),
    updatedAt: timestamp('When the offer last changed.'),
    statusChangedAt: timestamp('When the status last changed.'),
    personalData: offerPersonalDataSchema.optional(),
  })
  .meta({ id: 'Offer', description: 'An offer as last processed. Null fields are omitted.' });

export type OfferOut = z.output<typeof offerSchema>;

/** An offer read with `fields`: the named top-level fields and `id`. */
export const offerFieldsSchema = offerSchema
  .partial()
  .required({ id: true })
  .meta({ id: 'OfferFields', description: 'An offer read with `fields`: only the named top-level fields, and `id`.' });

/**
 * What a read of offers answers: the whole Offer, or with `fields` an OfferFields. A document cannot
 * tie a schema to a query parameter, so a read says both (`anyOf`): a generated client types every
 * property but `id` as possibly absent, which a sparse answer makes true.
 */
export const offerReadSchema = z.union([offerSchema, offerFieldsSchema]).meta({
  id: 'OfferRead',
  description: 'An offer as read: the whole Offer without `fields`; with `fields` only the named top-level fields and `id` (OfferFields).',
});

export const offerEnvelopeSchema = z
  .strictObject({ data: offerSchema, meta: emptyMetaSchema })
  .meta({ id: 'OfferResponse', description: 'One offer.' });

export const offerReadEnvelopeSchema = z
  .strictObject({ data: offerReadSchema, meta: emptyMetaSchema })
  .meta({ id: 'OfferReadResponse', description: 'One offer as read (with `fields`: only the named fields and `id`).' });

export const offerListMetaSchema = z
  .strictObject({
    ...pageMetaFields,
    sortBy: z.enum(SORT_KEYS),
    order: z.enum(['asc', 'desc']),
  })
  .meta({ id: 'OfferListMeta', description: 'Paging and sorting of an offer list.' });

// A read with `fields` answers only the named fields and id (offerFieldsSchema): the document
// declares each item as OfferRead; the contract tests check each answer exactly (exactFor).
export const offerListSchema = z
  .strictObject({ data: z.array(offerReadSchema), meta: offerListMetaSchema })
  .meta({ id: 'OfferList', description: 'A page of offers. With `fields`, each item holds only the named fields and `id`: the other properties of Offer are left out.' });

export const historyEntrySchema = z
  .strictObject({
    id: z.int().min(1).max(Number.MAX_SAFE_INTEGER).meta({ description: 'Increases with every change.' }),
    occurredAt: timestamp('When the change happened.'),
    actor: z
      .strictObject({
        type: z.enum(ACTOR_TYPES).meta({
          'x-open-enum': true,
          description:
            'An API client, a portal user, the operator, the system (processing), the customer (through the dealer’s link) or a member of the employer’s HR staff.',
        }),
        id: z.string().optional().meta({ description: 'The client id, user id or system component; for the customer, the id of the link used.' }),
        name: z.string().optional(),
      })
      .meta({ id: 'HistoryActor', description: 'Who made the change.' }),
    action: z.string().meta({
      description:
        'What happened: created, updated, processed, canceled, reprocess (the operator sent the offer for checking again), customer_link_sent (the offer was sent to its customer; no status change), or a lifecycle step (start_order, submit_order, employer_approve, employer_decline, operator_approve, operator_decline; an operator taking the customer’s or the employer’s step for them is named in `changes` as onBehalfOf with onBehalfReason). New actions may be added.',
      example: 'processed',
    }),
    fromStatus: offerStatusCodeSchema.optional(),
    toStatus: offerStatusCodeSchema.optional(),
    changes: z
      .array(
        z
          .strictObject({
            field: z.string().meta({ example: 'product.priceGross' }),
            old: z.unknown().optional().meta({ description: 'The value before; absent when there was none.' }),
            new: z.unknown().optional().meta({ description: 'The value after; absent when there is none.' }),
          })
          .meta({ id: 'FieldChange' }),
      )
      .meta({ description: 'The changed fields with old and new values.' }),
  })
  .meta({ id: 'HistoryEntry', description: 'One change of an offer.' });

export const historyListSchema = z
  .strictObject({ data: z.array(historyEntrySchema), meta: pageMetaSchema })
  .meta({ id: 'HistoryList', description: 'A page of the offer’s history, newest first.' });

export const offerValidationSchema = z
  .strictObject({
    data: z
      .strictObject({
        valid: z.boolean().meta({ description: 'True when the offer would be accepted (draft); false when it would be rejected.' }),
        status: statusObjectSchema,
      })
      .meta({ id: 'OfferValidation', description: 'The status object the offer would get.' }),
    meta: emptyMetaSchema,
  })
  .meta({ id: 'OfferValidationResponse', description: 'The outcome of a dry run.' });

