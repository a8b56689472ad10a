import 'server-only';
import { z } from 'zod';
import { offerFieldsSchema, offerListMetaSchema, offerListSchema, offerSchema } from '@/lib/offers/contract/response-schemas';
import { listOffersQuerySchema } from '@/lib/offers/contract/schemas';
import { SEARCH_MIN_LENGTH } from '@/lib/shared/validation';
import { offerListExample } from '../examples';
import { hasFields, type OperationSpec, readHeaders } from './shared';

export const listOffers = {
  operationId: 'listOffers',
  method: 'get',
  path: '/v1/offers',
  tag: 'Offers',
  summary: 'List offers',
  description:
    `The calling dealer’s offers in the client’s environment, filtered, sorted and paged. Comma-separated filter values are OR-ed; a value with a leading \`!\` is excluded. Date filters accept a date-time or \`YYYY-MM-DD\` (the whole day in Europe/Berlin, as \`deliveryDate\`); ranges are inclusive. Unknown parameters and a \`search\` under ${SEARCH_MIN_LENGTH} characters are ignored and reported in \`meta.warnings\` (UNKNOWN_PARAMETER, SEARCH_TOO_SHORT).`,
  scope: 'offers:read',
  query: listOffersQuerySchema,
  success: {
    status: 200,
    description: 'A page of offers.',
    schema: offerListSchema,
    headers: readHeaders,
    examples: { page: offerListExample },
    exactFor: (url) =>
      hasFields(url)
        ? z.strictObject({ data: z.array(offerFieldsSchema), meta: offerListMetaSchema })
        : z.strictObject({ data: z.array(offerSchema), meta: offerListMetaSchema }),
  },
  cacheable: true,
  errors: {
    INVALID_PARAMETER: 'a parameter is invalid: an unknown status, a bad date, an unknown sortBy, order or field name, page or perPage out of range',
  },
} satisfies OperationSpec;
