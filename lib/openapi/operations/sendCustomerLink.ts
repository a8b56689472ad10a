import 'server-only';
import { customerLinkEnvelopeSchema } from '@/lib/orders/response-schemas';
import { offerIdParams, type OperationSpec, writeHeaders } from './shared';

export const sendCustomerLink: OperationSpec = {
  operationId: 'sendCustomerLink',
  method: 'post',
  path: '/v1/offers/{id}/customer-link',
  tag: 'Offers',
  summary: 'Send the offer to its customer',
  description:
    'Mails the offer’s customer a link to the offer’s page (German and English), where the customer checks it and starts and submits the order, without an account; the employer’s rules are checked there. The answer holds the link itself, once (Spoke keeps only its hash), for a shop that wants to show it too. A new link ends the offer’s earlier one; a link also ends when the offer is changed (it must be sent again), when it is done or canceled, and after CUSTOMER_LINK_TTL_DAYS days. Possible in `draft` and `order_journey_started`. No body.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  success: {
    status: 201,
    description: 'The link, mailed to the customer.',
    schema: customerLinkEnvelopeSchema,
    headers: writeHeaders,
    examples: {
      sent: {
        summary: 'Sent',
        value: {
          data: {
            offerId: '5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10',
            url: 'https://spoke.example/order/4mY8l0b3v9Q2cS5tXw7zK1pN6rJ0hF3dA8eG2iL5oU9',
            expiresAt: '2026-06-03T08:20:00.000Z',
            sentTo: 'erika.mustermann@acme.example',
          },
          meta: {},
        },
      },
    },
  },
  errors: {
    INVALID_PARAMETER: 'the id is not a UUID',
    NOT_FOUND: true,
    OFFER_NOT_MODIFIABLE: 'the offer is not in draft or order_journey_started; `details` names its status',
  },
};
