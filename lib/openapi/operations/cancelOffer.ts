import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { cancelOfferBodySchema, cancelOfferQuerySchema } from '@/lib/offers/contract/schemas';
import { offerExamples } from '../examples';
import { idempotencyKeyHeaders, idempotentWriteHeaders, offerIdParams, type OperationSpec } from './shared';

export const cancelOffer = {
  operationId: 'cancelOffer',
  method: 'post',
  path: '/v1/offers/{id}/cancel',
  tag: 'Offers',
  summary: 'Cancel an offer',
  description:
    'Cancels the offer in any status but `done` and `canceled`. Final. The input goes in the query string or in a body (JSON or form fields), each field read where it is given; a field given in both with different values answers 400. A cancel repeated with the same values answers the canceled offer (200, `meta.warnings` ALREADY_CANCELED), so a retry after a lost answer does not look failed; with an `Idempotency-Key` the first answer is replayed.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  query: cancelOfferQuerySchema,
  headers: idempotencyKeyHeaders,
  body: {
    schema: cancelOfferBodySchema,
    description: 'Optional: the same fields as the query parameters.',
    examples: { reason: { summary: 'Not deliverable', value: { cancelReason: 'not_deliverable', contactFromEmployeeRequested: false } } },
    optional: true,
    form: true,
  },
  success: {
    status: 200,
    description: 'The canceled offer.',
    schema: offerEnvelopeSchema,
    headers: idempotentWriteHeaders,
    examples: { canceled: offerExamples.canceled },
  },
  errors: {
    INVALID_REQUEST: 'the body is neither JSON nor form fields, is not an object, or is over 256 KiB',
    MISSING_PARAMETER: true,
    INVALID_PARAMETER: 'the id is not a UUID, a parameter or field has an unknown value, a field is given in the query and the body with different values, or the Idempotency-Key is malformed',
    NOT_FOUND: true,
    OFFER_NOT_MODIFIABLE: 'the offer is done, or canceled with other values; `details` names its status and what may be done instead',
    IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different request',
  },
} satisfies OperationSpec;
