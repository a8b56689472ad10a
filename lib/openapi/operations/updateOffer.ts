import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { updateOfferBodySchema } from '@/lib/offers/contract/schemas';
import { offerExamples, updateOfferExample } from '../examples';
import { BODY_ERRORS, idempotencyKeyHeaders, idempotentWriteHeaders, offerIdParams, type OperationSpec } from './shared';

export const updateOffer = {
  operationId: 'updateOffer',
  method: 'put',
  path: '/v1/offers/{id}',
  tag: 'Offers',
  summary: 'Update an offer',
  description:
    'Replaces the offer’s data and resubmits it for processing (status `pending` again). Allowed in `draft` and `rejected`. externalOfferId, customerName and customerEmail cannot be changed: a different value sent is ignored and reported in `meta.warnings` (code FIELD_NOT_UPDATABLE). Unknown fields are ignored and reported too (UNKNOWN_FIELD). An update that changes nothing leaves the offer as it is — not `pending` again, not checked again — and says so (`meta.warnings` NO_CHANGE). While the offer is `pending`, an update answers 406 with `Retry-After`. With an `Idempotency-Key`, a retried update replays the first answer. To correct the customer’s name or e-mail, use PUT /v1/offers/{id}/customer.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  headers: idempotencyKeyHeaders,
  body: {
    schema: updateOfferBodySchema,
    description: 'The offer’s new data.',
    examples: { fixed: { summary: 'The rejected offer fixed', value: updateOfferExample } },
  },
  success: {
    status: 202,
    description: 'Accepted for processing; the offer is `pending` (or, when nothing changed, as it was, with the warning NO_CHANGE).',
    schema: offerEnvelopeSchema,
    headers: idempotentWriteHeaders,
    examples: { pending: offerExamples.pending },
  },
  errors: {
    ...BODY_ERRORS,
    INVALID_PARAMETER: 'the id is not a UUID, a field has the wrong type, format or range (`details` names it), or the Idempotency-Key is malformed',
    IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different request',
    NOT_FOUND: true,
    OFFER_IS_BEING_PROCESSED: true,
    OFFER_NOT_MODIFIABLE: 'the offer is in order_journey_started or later, or final; `details` names its status and what may be done instead',
    CONFLICT: '`externalOfferId` is now held by another active offer of the dealer; `offerId` names that offer (and `details` its offer number)',
  },
} satisfies OperationSpec;
