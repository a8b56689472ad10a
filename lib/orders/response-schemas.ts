import 'server-only';
import { z } from 'zod';
import { emptyMetaSchema } from '@/lib/api/response-schemas';
import type { CustomerLinkSent } from './customer-link';
import type { Conforms } from '@/lib/api/response-schemas';

// What POST /v1/offers/{id}/customer-link answers; the OpenAPI document is generated from it.

export const customerLinkSchema = z
  .strictObject({
    offerId: z.uuid().meta({ description: 'The offer sent.' }),
    mailed: z.boolean().meta({
      description: 'true in production: the link was mailed to the customer, and only to them. false in the sandbox: nobody is mailed; the link is in `url`.',
    }),
    sentTo: z.string().meta({ description: 'The customer e-mail the link is for (mailed to it in production).' }),
    sentAt: z.iso.datetime({ offset: true }).meta({ description: 'When the link was sent.' }),
    expiresAt: z.iso.datetime({ offset: true }).meta({ description: 'When the link stops working at the latest (CUSTOMER_LINK_TTL_DAYS after sending).' }),
    url: z
      .url()
      .optional()
      .meta({
        description:
          'Sandbox offers only: the customer’s link to the offer, so the dealer can walk the customer’s pages (Spoke keeps its hash). A production link is the customer’s alone and never part of an answer.',
      }),
  })
  .meta({
    id: 'CustomerLink',
    description: 'A link to the offer: in production mailed to its customer (“sent on … to …”), in the sandbox given to the dealer.',
  });

export const customerLinkEnvelopeSchema = z
  .strictObject({ data: customerLinkSchema, meta: emptyMetaSchema })
  .meta({ id: 'CustomerLinkResponse', description: 'The link sent.' });

type _Conforms = Conforms<CustomerLinkSent, z.output<typeof customerLinkSchema>>;
