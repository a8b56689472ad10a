import 'server-only';
import { z } from 'zod';
import { emptyMetaSchema } from '@/lib/api/response-schemas';
import { offerEnvelopeSchema, offerFieldsSchema, offerReadEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { getOfferQuerySchema } from '@/lib/offers/contract/schemas';
import { offerExamples } from '../examples';
import { hasFields, offerIdParams, type OperationSpec, readHeaders } from './shared';

export const getOffer = {
  operationId: 'getOffer',
  method: 'get',
  path: '/v1/offers/{id}',
  tag: 'Offers',
  summary: 'Get an offer',
  description:
    'The offer as last processed, with its status object. Poll it to follow processing and the lifecycle. With `Accept: application/pdf` the answer is the offer document (PDF, in the language of `Accept-Language`): dealer, customer, bicycle, accessories with their category names, shipping, installation, total, offer number, date, status and a QR code that leads the customer to the offer’s order page (which mails the customer a link to it).',
  scope: 'offers:read',
  pathParams: offerIdParams,
  query: getOfferQuerySchema,
  success: {
    status: 200,
    description: 'The offer. With `fields`, `data` holds only the named fields and `id`: the other properties of Offer are left out.',
    schema: offerReadEnvelopeSchema,
    headers: readHeaders,
    examples: { draft: offerExamples.draft, rejected: offerExamples.rejected },
    exactFor: (url) => (hasFields(url) ? z.strictObject({ data: offerFieldsSchema, meta: emptyMetaSchema }) : offerEnvelopeSchema),
    alternatives: [{ contentType: 'application/pdf', description: 'The offer document as PDF (`Accept: application/pdf`).' }],
  },
  cacheable: true,
  errors: { INVALID_PARAMETER: 'the id is not a UUID, or `fields` names an unknown field', NOT_FOUND: true },
} satisfies OperationSpec;
