import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/response-schemas';
import { cancelOfferQuerySchema } from '@/lib/offers/schemas';
import { offerExamples } from '../examples';
import { offerIdParams, type OperationSpec, writeHeaders } from './shared';

export const cancelOffer: OperationSpec = {
  operationId: 'cancelOffer',
  method: 'post',
  path: '/v1/offers/{id}/cancel',
  tag: 'Offers',
  summary: 'Cancel an offer',
  description: 'Cancels the offer in any status but `done` and `canceled`. Final.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  query: cancelOfferQuerySchema,
  success: {
    status: 200,
    description: 'The canceled offer.',
    schema: offerEnvelopeSchema,
    headers: writeHeaders,
    examples: { canceled: offerExamples.canceled },
  },
  errors: {
    INVALID_PARAMETER: 'the id is not a UUID, or a parameter has an unknown value',
    NOT_FOUND: true,
    OFFER_NOT_MODIFIABLE: 'the offer is already done or canceled; `details` names its status and what may be done instead',
  },
};
