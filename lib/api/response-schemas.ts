import 'server-only';
import { z } from 'zod';
import { errorTexts, warningTexts, type ErrorCode, type WarningCode } from '@/lib/i18n/messages';

// The shapes every /v1 response shares: the error envelope, translations, paging metadata.
// Response schemas are strict objects: the contract tests reject any field the document does not
// name. (The published document leaves additionalProperties open, see lib/openapi/document.ts.)

export const ERROR_CODES = Object.keys(errorTexts) as [ErrorCode, ...ErrorCode[]];

export const translationsSchema = z
  .strictObject({
    de: z.string(),
    en: z.string(),
  })
  .meta({ id: 'Translations', description: 'The message in every supported language, keyed by language code.' });

export const errorCodeSchema = z.enum(ERROR_CODES).meta({
  'x-open-enum': true,
  id: 'ErrorCode',
  description: 'Machine-readable error code. Each response lists the codes it can carry.',
});

export const errorSchema = z
  .strictObject({
    code: errorCodeSchema,
    message: z.string().meta({ description: 'Human-readable description, in the language of Accept-Language (English by default).' }),
    details: z.string().optional().meta({
      description: 'The offending field path (for example `accessory[1].bidexCode`) or further information.',
    }),
    offerId: z.uuid().optional().meta({ description: 'On 409 CONFLICT for a duplicate externalOfferId: the id of the active offer that holds it.' }),
    webhookId: z.uuid().optional().meta({ description: 'On 409 CONFLICT for a duplicate webhook URL: the id of the endpoint registered with it.' }),
    attemptsLeft: z.int().min(0).optional().meta({ description: 'On 400 PICKUP_CODE_INVALID: the tries left before the pickup code locks (0: the next try answers 409 PICKUP_CODE_LOCKED).', example: 4 }),
    expectedAmountGross: z.number().min(0).optional().meta({ description: 'On 400 INVOICE_AMOUNT_MISMATCH: the amount expected, the offer’s totalPriceGross.', example: 3693.75 }),
    translations: translationsSchema,
    docs: z.url().optional().meta({
      description: 'The entry of this code in the error reference (`/docs/errors#<code>`): its cause and how to fix it.',
      example: 'https://spoke.example/docs/errors#OFFER_NOT_MODIFIABLE',
    }),
  })
  .meta({ id: 'Error' });



// `meta.warnings` (lib/api/warnings.ts): input that was ignored.
export const WARNING_CODES = Object.keys(warningTexts) as [WarningCode, ...WarningCode[]];

export const warningSchema = z
  .strictObject({
    code: z.enum(WARNING_CODES).meta({ 'x-open-enum': true, description: 'Machine-readable warning code; clients must tolerate new ones.' }),
    field: z.string().optional().meta({ description: 'The body field that was ignored (for example `product.colour`).' }),
    parameter: z.string().optional().meta({ description: 'The query parameter that was ignored.' }),
    message: z.string().meta({ description: 'What was ignored and why, in the language of Accept-Language.' }),
    translations: translationsSchema,
    docs: z.url().optional().meta({ description: 'The entry of this code in the error reference (`/docs/errors#<code>`).' }),
  })
  .meta({ id: 'Warning', description: 'Something of the request that was ignored; the request succeeded without it.' });

export const warningsSchema = z.array(warningSchema).min(1).optional().meta({
  description:
    'What the request held that was ignored: unknown fields and parameters, fields an update does not change, a search term too short to apply. Absent when nothing was ignored.',
});

export type RenderedWarning = z.output<typeof warningSchema>;


/** `meta` of answers without other metadata: always an object, with warnings when something was ignored. */
export const emptyMetaSchema = z
  .strictObject({ warnings: warningsSchema })
  .meta({ id: 'EmptyMeta', description: 'No metadata but the warnings, when something was ignored; always an object.' });

export const errorBodySchema = z
  .strictObject({
    errors: z.array(errorSchema).min(1),
  })
  .meta({ id: 'ErrorBody', description: 'Every error answer: one or more errors, also for a single one.' });

export type ErrorBody = z.output<typeof errorBodySchema>;

const pageNumber = z.int().min(1);

export const pageMetaFields = {
  page: pageNumber.meta({ description: 'The current page, from 1.' }),
  nextPage: pageNumber.nullable().meta({ description: 'The next page, or null on the last page.' }),
  previousPage: pageNumber.nullable().meta({ description: 'The previous page, or null on the first page.' }),
  perPage: z.int().min(1).max(100).meta({ description: 'Items per page.' }),
  totalCount: z.int().min(0).meta({ description: 'The number of items on all pages.' }),
  warnings: warningsSchema,
};

export const pageMetaSchema = z
  .strictObject({
    ...pageMetaFields,
    sortBy: z.string().meta({ description: 'What the items are sorted by (fixed for this collection).', example: 'createdAt' }),
    order: z.enum(['asc', 'desc']).meta({ description: 'The sort order (fixed for this collection).' }),
  })
  .meta({ id: 'PageMeta', description: 'Paging and sorting of a collection.' });

/** Compiles only when `A` is assignable to `B`: ties a producer's type to its response schema. */
export type Conforms<A extends B, B> = A;
