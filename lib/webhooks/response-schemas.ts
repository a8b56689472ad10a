import 'server-only';
import { z } from 'zod';
import { DELIVERY_STATUSES, ENVIRONMENTS, WEBHOOK_EVENT_TYPES } from '@/lib/shared/model';
import { orderStatusSchema } from '@/lib/purchase-orders/contract/response-schemas';
import { emptyMetaSchema, pageMetaSchema } from '@/lib/api/response-schemas';
import { offerStatusCodeSchema, statusObjectSchema } from '@/lib/offers/contract/response-schemas';

// What /v1/webhooks answers, and the event Spoke POSTs to an endpoint, as zod schemas: the OpenAPI
// document is generated from them and the contract tests validate every answer with them.

const timestamp = (description: string) => z.iso.datetime().meta({ description, example: '2026-05-04T08:15:32.000Z' });

export const webhookEventTypeOutSchema = z.enum(WEBHOOK_EVENT_TYPES).meta({
  'x-open-enum': true,
  id: 'WebhookEventTypeName',
  description: 'The type of an event; clients must tolerate new ones.',
});

export const webhookEndpointHealthSchema = z
  .strictObject({
    state: z.enum(['healthy', 'failing', 'backing_off', 'disabled']).meta({
      'x-open-enum': true,
      description:
        'healthy; failing (its last attempts failed; each delivery is retried with its own backoff); backing_off (after 3 or more failures in a row nothing is sent to it until `nextAttemptAt`: 5 s doubling to 10 min); disabled (inactive: failing for 3 days, or switched off — nothing is sent until it is active again).',
    }),
    consecutiveFailures: z.int().min(0).meta({ description: 'Failed attempts since the last delivered one.' }),
    failingSince: timestamp('When the current run of failures began.').optional(),
    nextAttemptAt: timestamp('backing_off: when the endpoint is tried again.').optional(),
    disabledAt: timestamp('disabled after failing: when.').optional(),
  })
  .meta({ id: 'WebhookEndpointHealth', description: 'How deliveries to the endpoint are going, and when it is tried next.' });

export const webhookEndpointSchema = z
  .strictObject({
    id: z.uuid(),
    url: z.string().meta({ example: 'https://erp.example.com/spoke/webhooks' }),
    description: z.string().optional(),
    events: z.array(webhookEventTypeOutSchema).meta({ description: 'The events it receives.' }),
    active: z.boolean().meta({ description: 'Whether events are sent to it.' }),
    environment: z.enum(ENVIRONMENTS),
    createdAt: timestamp('When it was registered.'),
    updatedAt: timestamp('When it last changed.'),
    previousSecretExpiresAt: timestamp('While a rotated-out secret still signs beside the new one: until when.').optional(),
    health: webhookEndpointHealthSchema,
  })
  .meta({ id: 'WebhookEndpoint', description: 'A registered webhook endpoint. Its secret is shown only on registration and rotation.' });

export const webhookEndpointWithSecretSchema = webhookEndpointSchema
  .extend({
    secret: z.string().meta({
      description: 'The signing secret (HMAC-SHA256 key of Spoke-Signature). Shown only in this answer: store it now.',
    }),
  })
  .meta({ id: 'WebhookEndpointWithSecret', description: 'A webhook endpoint with its new signing secret.' });

export const webhookDeliverySchema = z
  .strictObject({
    id: z.uuid(),
    eventId: z.uuid().meta({ description: 'The event sent (Spoke-Event-ID); the same on a resend, so receivers can de-duplicate.' }),
    eventType: webhookEventTypeOutSchema,
    offerId: z.uuid(),
    offerNumber: z.string(),
    status: z.enum(DELIVERY_STATUSES).meta({ description: 'pending (due or retrying), delivered (a 2xx answer) or failed (retries exhausted).' }),
    attempts: z.int().min(0),
    createdAt: timestamp('When the event was recorded.'),
    nextAttemptAt: timestamp('When it is tried next (pending only): not before its endpoint’s backoff ends; absent while the endpoint is inactive.').optional(),
    lastAttemptAt: timestamp('When it was last tried.').optional(),
    lastResponseStatus: z.int().optional().meta({ description: 'The HTTP status of the last attempt.' }),
    lastError: z.string().optional().meta({ description: 'Why the last attempt failed without an HTTP answer (timeout, refused, ...).' }),
    deliveredAt: timestamp('When a 2xx answer arrived.').optional(),
    resendOf: z.uuid().optional().meta({ description: 'The delivery this one re-sends.' }),
  })
  .meta({ id: 'WebhookDelivery', description: 'One event for one endpoint, with its delivery state.' });

export const webhookEventSchema = z
  .strictObject({
    id: z.uuid().meta({ description: 'The event id (also in Spoke-Event-ID).' }),
    type: webhookEventTypeOutSchema,
    occurredAt: timestamp('When the change happened.'),
    environment: z.enum(ENVIRONMENTS),
    data: z
      .strictObject({
        offerId: z.uuid(),
        externalOfferId: z.string(),
        offerNumber: z.string(),
        oldStatus: offerStatusCodeSchema.optional().meta({ description: 'The status before (absent on offer.created).' }),
        newStatus: offerStatusCodeSchema,
        status: statusObjectSchema,
        order: z
          .strictObject({
            oldStatus: orderStatusSchema.optional().meta({ description: 'The order’s status before (absent when the approval issued it).' }),
            newStatus: orderStatusSchema,
          })
          .optional()
          .meta({ id: 'WebhookOrderChange', description: 'offer.order_changed only: the purchase order’s status change.' }),
      })
      .meta({ id: 'WebhookEventData' }),
  })
  .meta({ id: 'WebhookEvent', description: 'The JSON body of an event POSTed to an endpoint.' });

export const webhookAttemptSchema = z
  .strictObject({
    attempt: z.int().min(1),
    url: z.string(),
    startedAt: timestamp('When the attempt started.'),
    durationMs: z.int().min(0),
    responseStatus: z.int().optional(),
    error: z.string().optional(),
    responseExcerpt: z.string().optional().meta({ description: 'The start of the answer body.' }),
  })
  .meta({ id: 'WebhookAttempt', description: 'One attempt to deliver.' });

export const webhookDeliveryDetailSchema = webhookDeliverySchema
  .extend({ event: webhookEventSchema, attemptLog: z.array(webhookAttemptSchema) })
  .meta({ id: 'WebhookDeliveryDetail', description: 'A delivery with the event it sends and every attempt.' });

export const webhookPingEventSchema = z
  .strictObject({
    id: z.uuid().meta({ description: 'The event id (also in Spoke-Event-ID); new for every test.' }),
    type: z.literal('ping'),
    occurredAt: timestamp('When the test was sent.'),
    environment: z.enum(ENVIRONMENTS),
    data: z
      .strictObject({
        webhookId: z.uuid().meta({ description: 'The endpoint tested.' }),
        message: z.string(),
      })
      .meta({ id: 'WebhookPingData' }),
  })
  .meta({
    id: 'WebhookPingEvent',
    description: 'The test event (POST /v1/webhooks/{id}/test): signed and sent like every event, about no offer. Answer it 2xx like any event.',
  });

export const webhookTestResultSchema = z
  .strictObject({
    event: webhookPingEventSchema,
    delivered: z.boolean().meta({ description: 'Whether the endpoint answered 2xx within 5 seconds.' }),
    url: z.string(),
    durationMs: z.int().min(0),
    responseStatus: z.int().optional().meta({ description: 'The HTTP status the endpoint answered.' }),
    error: z.string().optional().meta({ description: 'Why there was no answer (refused address, timeout, connection refused, TLS, ...).' }),
    responseExcerpt: z.string().optional().meta({ description: 'The start of the answer body.' }),
  })
  .meta({ id: 'WebhookTestResult', description: 'What happened to the test event: sent now, not retried, not kept as a delivery.' });

const one = <S extends z.ZodType>(data: S, id: string, description: string) =>
  z.strictObject({ data, meta: emptyMetaSchema }).meta({ id, description });

export const webhookEndpointEnvelopeSchema = one(webhookEndpointSchema, 'WebhookEndpointResponse', 'One webhook endpoint.');
export const webhookEndpointWithSecretEnvelopeSchema = one(
  webhookEndpointWithSecretSchema,
  'WebhookEndpointWithSecretResponse',
  'A webhook endpoint with its new secret.',
);
export const webhookTestResultEnvelopeSchema = one(webhookTestResultSchema, 'WebhookTestResultResponse', 'The outcome of a test event.');
export const webhookDeliveryEnvelopeSchema = one(webhookDeliverySchema, 'WebhookDeliveryResponse', 'One delivery.');
export const webhookDeliveryDetailEnvelopeSchema = one(webhookDeliveryDetailSchema, 'WebhookDeliveryDetailResponse', 'One delivery in detail.');

export const webhookEndpointListSchema = z
  .strictObject({ data: z.array(webhookEndpointSchema), meta: pageMetaSchema })
  .meta({ id: 'WebhookEndpointList', description: 'A page of webhook endpoints.' });

export const webhookDeliveryListSchema = z
  .strictObject({ data: z.array(webhookDeliverySchema), meta: pageMetaSchema })
  .meta({ id: 'WebhookDeliveryList', description: 'A page of deliveries, newest first.' });

// What the webhook functions answer (lib/webhooks/endpoints.ts, events.ts): the schemas' types.
export type WebhookEndpointOut = z.output<typeof webhookEndpointSchema>;
export type EndpointWithSecret = z.output<typeof webhookEndpointWithSecretSchema>;
export type WebhookDeliveryOut = z.output<typeof webhookDeliverySchema>;
export type WebhookAttemptOut = z.output<typeof webhookAttemptSchema>;
export type WebhookDeliveryDetailOut = z.output<typeof webhookDeliveryDetailSchema>;
export type WebhookEvent = z.output<typeof webhookEventSchema>;
export type WebhookTestResultOut = z.output<typeof webhookTestResultSchema>;
