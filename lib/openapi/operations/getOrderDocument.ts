import 'server-only';
import { offerIdParams, readHeaders, type OperationSpec } from './shared';

export const getOrderDocument = {
  operationId: 'getOrderDocument',
  method: 'get',
  path: '/v1/offers/{id}/order/document',
  tag: 'Orders',
  summary: 'The purchase order’s PDF',
  description:
    'The purchase order the operator’s approval issued to the dealer: the operator buys the offer’s bicycle and accessories for the offer’s total (operator, dealer, offer number, positions with prices, total, order date), in the language of `Accept-Language`. 404 before the offer is `done`.',
  scope: 'offers:read',
  pathParams: offerIdParams,
  success: {
    status: 200,
    description: 'The purchase order as PDF.',
    headers: readHeaders.omit({ ETag: true }),
    binary: { contentType: 'application/pdf', description: 'The purchase order document.' },
  },
  errors: { INVALID_PARAMETER: 'the id is not a UUID', NOT_FOUND: 'no such offer for the dealer in this environment, or no order yet (the offer is not done)' },
} satisfies OperationSpec;
