import 'server-only';
import { customerLinkEnvelopeSchema } from '@/lib/orders/response-schemas';
import { NO_BODY, offerIdParams, type OperationSpec, writeHeaders } from './shared';

export const sendCustomerLink = {
  operationId: 'sendCustomerLink',
  method: 'post',
  path: '/v1/offers/{id}/customer-link',
  tag: 'Offers',
  summary: 'Send the offer to its customer',
  description:
    'Production: mails the offer’s customer a link to the offer’s page (German and English), where the customer checks it and starts and submits the order, without an account; the employer’s rules are checked there. The link is the customer’s alone: the answer says to whom and when it was sent (`sentTo`, `sentAt`), never the link. Sandbox: nobody is mailed; the answer holds the link (`url`) so the dealer can walk the customer’s pages (marked as a test), and the employer’s step is simulated with `POST /v1/sandbox/offers/{id}/advance`. Production links are counted: at most 3 per offer and 5 per recipient an hour from one dealer, and 10 per recipient an hour from all dealers together (counted with the portal’s sends and the customer’s requests from the offer document; a sub-address such as `name+1@example.com` is the recipient `name@example.com`); beyond that 429 with `Retry-After` (the ceiling across dealers says nothing of the other dealers’ sends: it waits the hour). Sandbox links count toward nothing. A new link ends the offer’s earlier one; a link also ends when the offer is changed (it must be sent again), when it is done or canceled, and after CUSTOMER_LINK_TTL_DAYS days. Possible in `draft` and `order_journey_started`. No body: one that is sent is refused (400 INVALID_REQUEST), as by every operation that reads none; `{}` and `null` pass.',
  scope: 'offers:write',
  pathParams: offerIdParams,
  success: {
    status: 201,
    description: 'The link sent: in production mailed to the customer; in the sandbox given in `url`.',
    schema: customerLinkEnvelopeSchema,
    headers: writeHeaders,
    examples: {
      production: {
        summary: 'Mailed to the customer (production)',
        value: {
          data: {
            offerId: '5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10',
            mailed: true,
            sentTo: 'erika.mustermann@acme.example',
            sentAt: '2026-05-04T08:20:00.000Z',
            expiresAt: '2026-06-03T08:20:00.000Z',
          },
          meta: {},
        },
      },
      sandbox: {
        summary: 'Given to the dealer (sandbox)',
        value: {
          data: {
            offerId: '5f0c7a52-1d0e-4f51-9c86-2b1f6f3e8a10',
            mailed: false,
            sentTo: 'erika.mustermann@acme.example',
            sentAt: '2026-05-04T08:20:00.000Z',
            expiresAt: '2026-06-03T08:20:00.000Z',
            url: 'https://spoke.example/order/4mY8l0b3v9Q2cS5tXw7zK1pN6rJ0hF3dA8eG2iL5oU9',
          },
          meta: {},
        },
      },
    },
  },
  errors: {
    ...NO_BODY,
    INVALID_PARAMETER: 'the id is not a UUID',
    NOT_FOUND: true,
    OFFER_NOT_MODIFIABLE: 'the offer is not in draft or order_journey_started; `details` names its status',
    TOO_MANY_REQUESTS: '3 links were sent for the offer, 5 by the dealer to its customer’s address, or 10 to that address by all dealers, in the last hour; retry after `Retry-After` seconds',
  },
} satisfies OperationSpec;
