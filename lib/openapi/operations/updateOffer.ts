import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/response-schemas';
import { updateOfferBodySchema } from '@/lib/offers/schemas';
import { offerExamples, updateOfferExample } from '../examples';
import { BODY_ERRORS, offerIdParams, type OperationSpec, writeHeaders } from './shared';

export const updateOffer: OperationSpec = {
  operationId: 'updateOffer',
  method: 'put',
  path: '/v1/offers/{id}',
  tag: 'Offers',
  summary: 'Update an offer',
  description:
    'Replaces the offer’s data and resubmits it for processing (status `pending` again). Allowed in `draft` and `rejected`. externalOfferId, customerName and customerEmail cannot be changed: a different value sent is ignored and reported in `meta.warnings` (code FIELD_NOT_UPDATABLE). Unknown fields are ignored and reported too (UNKNOWN_FIELD). While the offer is `pending`, an update answers 406 with `Retry-After`.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  body: {
    schema: updateOfferBodySchema,
    description: 'The offer’s new data.',
    examples: { fixed: { summary: 'The rejected offer fixed', value: updateOfferExample } },
  },
  success: {
    status: 202,
    description: 'Accepted for processing; the offer is `pending`.',
    schema: offerEnvelopeSchema,
    headers: writeHeaders,
    examples: { pending: offerExamples.pending },
  },
  errors: {
    ...BODY_ERRORS,
    INVALID_PARAMETER: 'the id is not a UUID, or a field has the wrong type, format or range (`details` names it)',
    NOT_FOUND: true,
    OFFER_IS_BEING_PROCESSED: true,
    OFFER_NOT_MODIFIABLE: 'the offer is in order_journey_started or later, or final; `details` names its status and what may be done instead',
    CONFLICT: '`externalOfferId` is now held by another active offer of the dealer; `details` names that offer (offer number and id)',
  },
};
