import 'server-only';
import type { AttemptRow, DeliveryRow, EndpointRow } from '@/db/repositories/webhooks';
import type { WebhookEventType } from './events';
import { insideUrl } from './http-post';
import type { WebhookAttemptOut, WebhookDeliveryOut, WebhookEndpointOut } from './response-schemas';

// How /v1/webhooks answers an endpoint, a delivery and an attempt (lib/webhooks/response-schemas.ts).

/**
 * How the endpoint is being sent to: `healthy`; `failing` (its last attempts failed, each retried);
 * `backing_off` (skipped until `nextAttemptAt` after failures in a row); `disabled` (failing for 3
 * days, or switched off: nothing is sent until it is active again).
 */
export function endpointHealth(e: EndpointRow, now = Date.now()): WebhookEndpointOut['health'] {
  const state = !e.active ? 'disabled' : e.backoffUntil && e.backoffUntil.getTime() > now ? 'backing_off' : e.consecutiveFailures > 0 ? 'failing' : 'healthy';
  return {
    state,
    consecutiveFailures: e.consecutiveFailures,
    ...(e.failingSince ? { failingSince: e.failingSince.toISOString() } : {}),
    ...(state === 'backing_off' ? { nextAttemptAt: e.backoffUntil!.toISOString() } : {}),
    ...(e.disabledAt && !e.active ? { disabledAt: e.disabledAt.toISOString() } : {}),
  };
}

export function serializeEndpoint(e: EndpointRow): WebhookEndpointOut {
  const graceful = e.previousSecretExpiresAt && e.previousSecretExpiresAt.getTime() > Date.now();
  return {
    id: e.id,
    url: e.url,
    ...(e.description ? { description: e.description } : {}),
    // Stored as text; written only from the validated body (createWebhookBodySchema).
    events: e.events as WebhookEventType[],
    active: e.active,
    environment: e.environment,
    createdAt: e.createdAt.toISOString(),
    updatedAt: e.updatedAt.toISOString(),
    ...(graceful ? { previousSecretExpiresAt: e.previousSecretExpiresAt!.toISOString() } : {}),
    health: endpointHealth(e),
  };
}

/**
 * A delivery as its endpoint's dealer reads it. A pending one's `nextAttemptAt` is when it is
 * really tried: not before its endpoint's backoff ends; none while the endpoint is inactive.
 */
export function serializeDelivery(d: DeliveryRow, endpoint: Pick<EndpointRow, 'active' | 'backoffUntil'>): WebhookDeliveryOut {
  const next = endpoint.backoffUntil && endpoint.backoffUntil > d.nextAttemptAt ? endpoint.backoffUntil : d.nextAttemptAt;
  return {
    id: d.id,
    eventId: d.eventId,
    eventType: d.eventType as WebhookEventType,
    offerId: d.offerId,
    offerNumber: d.data.offerNumber,
    status: d.status,
    attempts: d.attempts,
    createdAt: d.createdAt.toISOString(),
    ...(d.status === 'pending' && endpoint.active ? { nextAttemptAt: next.toISOString() } : {}),
    ...(d.lastAttemptAt ? { lastAttemptAt: d.lastAttemptAt.toISOString() } : {}),
    ...(d.lastResponseStatus !== null ? { lastResponseStatus: d.lastResponseStatus } : {}),
    ...(d.lastError ? { lastError: d.lastError } : {}),
    ...(d.deliveredAt ? { deliveredAt: d.deliveredAt.toISOString() } : {}),
    ...(d.resendOf ? { resendOf: d.resendOf } : {}),
  };
}

export function serializeAttempt(a: AttemptRow): WebhookAttemptOut {
  return {
    attempt: a.attempt,
    url: a.url,
    startedAt: a.startedAt.toISOString(),
    durationMs: a.durationMs,
    ...(a.responseStatus !== null ? { responseStatus: a.responseStatus } : {}),
    ...(a.error ? { error: a.error } : {}),
    // A loopback or private target's answer is told by its status only (records kept from before too).
    ...(a.responseExcerpt && !insideUrl(a.url) ? { responseExcerpt: a.responseExcerpt } : {}),
  };
}
