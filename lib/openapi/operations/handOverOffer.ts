import 'server-only';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { handoverBodySchema } from '@/lib/purchase-orders/contract/schemas';
import { orderExamples } from '../order-examples';
import { BODY_ERRORS, idempotencyKeyHeaders, idempotentWriteHeaders, offerIdParams, type OperationSpec } from './shared';

export const handOverOffer = {
  operationId: 'handOverOffer',
  method: 'post',
  path: '/v1/offers/{id}/handover',
  tag: 'Orders',
  summary: 'Record the handover of the bicycle',
  description:
    'At the counter: the employee shows the pickup code (mailed to the employee alone in production; in the sandbox it is `order.pickupCode`, starting with its test mark TEST). The code is typed in any case, spaces and hyphens ignored. The order becomes `handed_over` and the lease runs from the first day of the month after `handedOverOn` (`leaseStart`) to the day before its term ends (`leaseEnd`); the employee receives the handover confirmation. `batterySerialNumber` is required for an e-bike (a category under 102000 or 103000). A wrong code answers 400 with `attemptsLeft`; 5 wrong codes lock it (409 PICKUP_CODE_LOCKED) until the employee asks for a new one. Recorded once: of two handovers at the same time one answers 200, the other 409 ORDER_NOT_AWAITING_HANDOVER.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  headers: idempotencyKeyHeaders,
  body: {
    schema: handoverBodySchema,
    description: 'The pickup code and what was handed over.',
    examples: { eBike: { summary: 'An e-bike handed over today', value: { pickupCode: 'test 3xqd', frameNumber: 'WBK-2026-04711', batterySerialNumber: 'BO-750-8812345' } } },
  },
  success: {
    status: 200,
    description: 'The offer with its order handed over.',
    schema: offerEnvelopeSchema,
    headers: idempotentWriteHeaders,
    examples: { handedOver: orderExamples.handedOver },
  },
  errors: {
    ...BODY_ERRORS,
    MISSING_PARAMETER: 'a required field is missing, or `batterySerialNumber` for an e-bike (`details` names it)',
    INVALID_PARAMETER: 'the id is not a UUID, `frameNumber` is not 4–30 letters, digits and hyphens, or `handedOverOn` is not a day, lies in the future or before the approval (`details` names the field)',
    NOT_FOUND: true,
    PICKUP_CODE_INVALID: 'the code is not the employee’s current one; `attemptsLeft` says how many tries are left',
    PICKUP_CODE_LOCKED: 'the code was typed wrong 5 times',
    PICKUP_CODE_EXPIRED: 'the code is older than 90 days',
    ORDER_NOT_AWAITING_HANDOVER: 'the offer has no order awaiting its handover (not done, handed over already, or canceled)',
    IDEMPOTENCY_KEY_REUSED: 'the Idempotency-Key was already used with a different request',
    IDEMPOTENCY_KEY_IN_USE: true,
  },
} satisfies OperationSpec;
