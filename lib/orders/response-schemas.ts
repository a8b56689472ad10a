import 'server-only';
import { z } from 'zod';
import { emptyMetaSchema } from '@/lib/api/response-schemas';
import type { CustomerLinkSent } from './customer-link';
import type { Conforms } from '@/lib/api/response-schemas';

// What POST /v1/offers/{id}/customer-link answers; the OpenAPI document is generated from it.

export const customerLinkSchema = z
  .strictObject({
    offerId: z.uuid().meta({ description: 'The offer sent.' }),
    url: z.url().meta({
      description:
        'The customer’s link to the offer (shown only in this answer; Spoke keeps its hash). It opens the offer’s page, where the customer starts and submits the order, without an account.',
    }),
    expiresAt: z.iso.datetime({ offset: true }).meta({ description: 'When the link stops working at the latest (CUSTOMER_LINK_TTL_DAYS after sending).' }),
    sentTo: z.string().meta({ description: 'The customer e-mail the link was mailed to.' }),
  })
  .meta({ id: 'CustomerLink', description: 'A link to the offer, mailed to its customer.' });

export const customerLinkEnvelopeSchema = z
  .strictObject({ data: customerLinkSchema, meta: emptyMetaSchema })
  .meta({ id: 'CustomerLinkResponse', description: 'The link sent.' });

type _Conforms = Conforms<CustomerLinkSent, z.output<typeof customerLinkSchema>>;
