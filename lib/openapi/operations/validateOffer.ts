import 'server-only';
import { offerValidationSchema } from '@/lib/offers/contract/response-schemas';
import { createOfferBodySchema, validateOfferQuerySchema } from '@/lib/offers/contract/schemas';
import { createOfferExample, validationExample } from '../examples';
import { BODY_ERRORS, type OperationSpec, writeHeaders } from './shared';

export const validateOffer = {
  operationId: 'validateOffer',
  method: 'post',
  path: '/v1/offers/validate',
  tag: 'Offers',
  summary: 'Validate an offer (dry run)',
  description:
    'Runs the request validation, normalization and business checks of create and processing without creating anything, and answers the status object the offer would get: `draft` when valid, `rejected` with the reasons otherwise. An `externalOfferId` an active offer holds answers 409 CONFLICT, as the create would. With `offerId` (the dry run of an update of that offer, which keeps its own `externalOfferId`), an offer the dealer does not have in this environment answers 404 NOT_FOUND, as the update would.',
  scope: 'offers:write',
  query: validateOfferQuerySchema,
  body: {
    schema: createOfferBodySchema,
    description: 'The offer as it would be created.',
    examples: { eBike: { summary: 'An e-trekking bike with a U-lock and a rear rack', value: createOfferExample } },
  },
  success: {
    status: 200,
    description: 'The outcome: valid, and the status object the offer would get.',
    schema: offerValidationSchema,
    headers: writeHeaders,
    examples: { rejected: validationExample },
  },
  errors: { ...BODY_ERRORS, NOT_FOUND: '`offerId` names no offer of the dealer in this environment', CONFLICT: '`externalOfferId` is held by an active offer of the dealer, as a create would answer; `offerId` names that offer' },
} satisfies OperationSpec;
