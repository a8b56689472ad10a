import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { advanceOfferQuerySchema } from '@/lib/offers/contract/schemas';
import { offerExamples } from '../examples';
import { orderExamples } from '../order-examples';
import { offerIdParams, type OperationSpec, writeHeaders, NO_BODY } from './shared';

export const advanceSandboxOffer = {
  operationId: 'advanceSandboxOffer',
  method: 'post',
  path: '/v1/sandbox/offers/{id}/advance',
  tag: 'Sandbox',
  summary: 'Take the next lifecycle step (sandbox)',
  description:
    'Sandbox clients only: moves the offer on, so an integration can meet every status. Without `to`, a pending offer is processed on the spot and a later one takes the next step on the happy path (draft → order_journey_started → employer_decision_pending → operator_decision_pending → done; done issues the purchase order with its test pickup code); with `to`, any status of `nextSteps` (rejected declines with a sandbox reason). On a done offer whose order is invoiced, the operator’s order steps: `to=approved`, `to=invoice_rejected` (with a sandbox reason) or `to=paid` (through approved, with a test payout reference).',
  scope: 'offers:write',
  pathParams: offerIdParams,
  query: advanceOfferQuerySchema,
  success: {
    status: 200,
    description: 'The offer after the step.',
    schema: offerEnvelopeSchema,
    headers: writeHeaders,
    examples: { orderJourneyStarted: offerExamples.orderJourneyStarted, done: orderExamples.awaitingHandover, paid: orderExamples.paid },
  },
  errors: {
    ...NO_BODY,
    INVALID_PARAMETER: 'the id is not a UUID, or `to` is not a status',
    FORBIDDEN: 'the access token lacks offers:write, or the client is a production client',
    NOT_FOUND: true,
    OFFER_NOT_MODIFIABLE: 'no such step from the current status (`to` not in nextSteps, or no further step)',
    INVOICE_NOT_OPEN: '`to` is an order step, but the order’s invoice is not waiting for it (not invoiced; `paid` of an order neither invoiced nor approved)',
  },
} satisfies OperationSpec;
