import 'server-only';
import { z } from 'zod';
import { ARRAYS_ONLY, pagingQuerySchema, wholeNumberParam } from '@/lib/offers/contract/schemas';
import { DELIVERY_STATUSES, WEBHOOK_EVENT_TYPES } from '@/lib/shared/model';
import { MAX_URL_LENGTH } from './url-policy';

// Request schemas of /v1/webhooks. Messages are keys of validationTexts. The URL's rules (https in
// production, public addresses) depend on the deployment and are checked by the domain
// (lib/webhooks/endpoints.ts), not here.

export const webhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES, 'oneOf').meta({
  id: 'WebhookEventType',
  description: 'An event a webhook endpoint can receive.',
});

const urlSchema = z
  .string('type')
  .min(1, 'tooShort')
  .max(MAX_URL_LENGTH, 'tooLong')
  .meta({
    description: 'Where events are POSTed. https in production; private, loopback and link-local addresses are refused there.',
    example: 'https://erp.example.com/spoke/webhooks',
  });

// The length checks only of an array: a string (`"offer.created"`) is one problem, its type.
const eventsSchema = z
  .array(webhookEventTypeSchema, 'type')
  .min(1, { error: 'tooShort', ...ARRAYS_ONLY })
  .max(WEBHOOK_EVENT_TYPES.length * 4, { error: 'tooMany', ...ARRAYS_ONLY })
  .transform((events) => [...new Set(events)])
  .meta({ description: 'The events to receive.' });

const descriptionSchema = z.string('type').max(255, 'tooLong').meta({ description: 'A note for the dealer, for example which system receives it.' });

export const createWebhookBodySchema = z
  .object({
    url: urlSchema,
    events: eventsSchema.optional().meta({ description: 'The events to receive; all events when left out.' }),
    description: descriptionSchema.nullish().transform((v) => v ?? undefined),
    active: z.boolean('type').optional().meta({ description: 'Whether events are sent to it (default true).' }),
  })
  .meta({ id: 'CreateWebhookBody' });

export const updateWebhookBodySchema = z
  .object({
    url: urlSchema.optional(),
    events: eventsSchema.optional(),
    description: descriptionSchema.nullable().optional().meta({ description: 'A note; null removes it.' }),
    active: z.boolean('type').optional().meta({
      description: 'false pauses deliveries (events are still recorded and sent when it is active again, within their 24-hour window).',
    }),
  })
  .meta({ id: 'UpdateWebhookBody', description: 'The fields to change; fields left out stay as they are.' });

export const rotateSecretQuerySchema = z.object({
  keepPreviousHours: wholeNumberParam(0, 72, 24).meta({ description: 'How long the previous secret keeps signing beside the new one (0 to 72 hours, default 24).' }),
});

export { DELIVERY_STATUSES };

export const listDeliveriesQuerySchema = pagingQuerySchema.extend({
  status: z.enum(DELIVERY_STATUSES, 'oneOf').optional().meta({ description: 'Only deliveries in this status.' }),
});

export const deliveryIdParamSchema = z.uuid('uuid');

export type CreateWebhookBody = z.output<typeof createWebhookBodySchema>;
export type UpdateWebhookBody = z.output<typeof updateWebhookBodySchema>;
