import 'server-only';
import { z } from 'zod';
import { offerEnvelopeSchema } from '@/lib/offers/contract/response-schemas';
import { createOfferBodySchema } from '@/lib/offers/contract/schemas';
import { createOfferExample, offerExamples } from '../examples';
import { baseHeaders, BODY_ERRORS, cacheControlHeader, idempotencyKeyParam, idempotentReplayedHeader, locationHeader, type OperationSpec, rateLimitHeaders } from './shared';

export const createOffer = {
  operationId: 'createOffer',
  method: 'post',
  path: '/v1/offers',
  tag: 'Offers',
  summary: 'Create an offer',
  description:
    'Accepts an offer for asynchronous processing: the answer (202) is the offer in status `pending`. Processing later moves it to `draft` or to `rejected` with the reasons in `status.errors`; read the offer again to follow it. Unknown fields are ignored and listed in `meta.warnings` (code UNKNOWN_FIELD, with the `field` path): a typo such as `withShiping` is reported, never silently dropped.',
  scope: 'offers:write',
  headers: z.object({ 'Idempotency-Key': idempotencyKeyParam }),
  body: {
    schema: createOfferBodySchema,
    description: 'The offer: one bicycle and its accessories.',
    examples: { eBike: { summary: 'An e-trekking bike with a U-lock and a rear rack', value: createOfferExample } },
  },
  success: {
    status: 202,
    description: 'Accepted for processing; the offer is `pending`.',
    schema: offerEnvelopeSchema,
    headers: z.object({
      ...baseHeaders,
      Location: locationHeader,
      'Cache-Control': cacheControlHeader,
      'Spoke-Idempotent-Replayed': idempotentReplayedHeader.optional(),
      ...rateLimitHeaders,
    }),
    examples: { pending: offerExamples.pending },
  },
  errors: {
    ...BODY_ERRORS,
    INVALID_PARAMETER: 'a field has the wrong type, format or range (`details` names it), or the Idempotency-Key is malformed',
    CONFLICT: true,
    IDEMPOTENCY_KEY_REUSED: true,
  },
} satisfies OperationSpec;
