import 'server-only';
import { historyListSchema } from '@/lib/offers/contract/response-schemas';
import { pagingQuerySchema } from '@/lib/offers/contract/schemas';
import { historyExample } from '../examples';
import { offerIdParams, type OperationSpec, readHeaders } from './shared';

export const getOfferHistory = {
  operationId: 'getOfferHistory',
  method: 'get',
  path: '/v1/offers/{id}/history',
  tag: 'Offers',
  summary: 'Get the history of an offer',
  description: 'Every change of the offer, newest first: when, who (API client, portal user, operator or system) and what.',
  scope: 'offers:read',
  pathParams: offerIdParams,
  query: pagingQuerySchema,
  success: {
    status: 200,
    description: 'A page of history entries.',
    schema: historyListSchema,
    headers: readHeaders,
    examples: { rejected: historyExample },
  },
  cacheable: true,
  errors: { INVALID_PARAMETER: 'the id is not a UUID, or page or perPage is out of range', NOT_FOUND: true },
} satisfies OperationSpec;
