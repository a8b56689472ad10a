import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { offerCustomerBodySchema } from '@/lib/offers/contract/schemas';
import { offerExamples } from '../examples';
import { BODY_ERRORS, idempotencyKeyHeaders, idempotentWriteHeaders, offerIdParams, type OperationSpec } from './shared';

export const correctOfferCustomer = {
  operationId: 'correctOfferCustomer',
  method: 'put',
  path: '/v1/offers/{id}/customer',
  tag: 'Offers',
  summary: 'Correct the customer',
  description:
    'Corrects the customer’s name and e-mail of an offer that is not yet part of an order (`draft` or `rejected`). The update of an offer (PUT /v1/offers/{id}) leaves both as they are; this is the one way to correct them. A new e-mail puts the offer back to `pending` (its checks, such as the employer’s policy, depend on it); a new name alone keeps its status. Writes a history entry (`customer_changed`) and sends the event `offer.customer_changed`. A correction that changes nothing answers the offer as it is (`meta.warnings` NO_CHANGE). While the offer is `pending` the answer is 406 with `Retry-After`; from `order_journey_started` on, 409.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  headers: idempotencyKeyHeaders,
  body: {
    schema: offerCustomerBodySchema,
    description: 'The customer as they should read.',
    examples: { typo: { summary: 'A misspelt e-mail corrected', value: { customerName: 'Erika Mustermann', customerEmail: 'erika.mustermann@acme.example' } } },
  },
  success: {
    status: 200,
    description: 'The offer with its corrected customer.',
    schema: offerEnvelopeSchema,
    headers: idempotentWriteHeaders,
    examples: { draft: offerExamples.pending },
  },
  errors: {
    ...BODY_ERRORS,
    INVALID_PARAMETER: 'the id is not a UUID, a field has the wrong type or format (`details` names it), or the Idempotency-Key is malformed',
    NOT_FOUND: true,
    OFFER_IS_BEING_PROCESSED: true,
    OFFER_NOT_MODIFIABLE: 'the offer is in order_journey_started or later, or final; `details` names its status',
    IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different request',
  },
} satisfies OperationSpec;
