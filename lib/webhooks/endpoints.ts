import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/database';
import { uniqueViolation } from '@/db/errors';
import {
  countEndpoints,
  deleteEndpoint,
  findDelivery,
  findEndpoint,
  insertEndpoint,
  listAttempts,
  listDeliveries,
  listEndpoints,
  resendDelivery,
  updateEndpoint,
  type DeliveryStatus,
  type EndpointRow,
} from '@/db/repositories/webhooks';
import { lockDealer } from '@/db/repositories/dealers';
import { ApiError, badRequest, fieldError, notFound } from '@/lib/api/errors';
import { parseOrThrow } from '@/lib/api/validation';
import type { Tenant } from '@/lib/auth/authenticate';
import { conflictTexts, format } from '@/lib/i18n/messages';
import type { ValidationKey } from '@/lib/i18n/messages';
import { sortedPageMeta } from '@/lib/api/page-meta';
import { eventPayload, WEBHOOK_EVENT_TYPES } from './events';
import type { EndpointWithSecret, WebhookDeliveryDetailOut, WebhookDeliveryOut, WebhookEndpointOut } from './response-schemas';
import { serializeAttempt, serializeDelivery, serializeEndpoint } from './serialize';
import { createWebhookBodySchema, updateWebhookBodySchema } from './schemas';
import { encryptSecret, generateWebhookSecret } from './secret-box';
import { checkWebhookUrl, resolveUrlHost, urlPolicy, type LookupAll, type UrlPolicy, type UrlProblem } from './url-policy';

// The /v1/webhooks resource: a dealer's endpoints in one environment and their deliveries. Every
// look-up is scoped by dealer and environment; another dealer's endpoint is simply not found.

export const MAX_ENDPOINTS = 10;

const PROBLEM_TEXT: Record<UrlProblem, ValidationKey> = {
  invalid: 'webhookUrl',
  https: 'webhookHttps',
  credentials: 'webhookCredentials',
  private: 'webhookPrivate',
  unresolvable: 'webhookUnresolvable',
  'own-service': 'webhookOwnService',
};

export type RegistrationOptions = { policy?: UrlPolicy; lookup?: LookupAll };

/** The URL as stored, or 400 naming why it is refused (text rules, then the resolved addresses). */
export async function acceptableUrl(raw: string, environment: Tenant['environment'], options: RegistrationOptions = {}): Promise<string> {
  const policy = options.policy ?? urlPolicy(environment);
  const text = checkWebhookUrl(raw, policy);
  const resolved = text.ok ? await resolveUrlHost(text.url, policy, options.lookup) : text;
  if (!resolved.ok) badRequest([fieldError('INVALID_PARAMETER', PROBLEM_TEXT[resolved.problem], 'url')]);
  return resolved.url.toString();
}

/** Maps the URL constraint to 409 CONFLICT naming the tenant's endpoint that holds the URL; rethrows anything else. */
async function rethrowDuplicateUrl(err: unknown, tenant: Tenant, url: string | undefined): Promise<never> {
  if (uniqueViolation(err) === 'webhook_endpoints_url_uq') {
    const { rows } = await listEndpoints(getDb(), tenant, MAX_ENDPOINTS, 0);
    const holder = rows.find((e) => e.url === url);
    throw new ApiError('CONFLICT', {
      text: conflictTexts.webhookUrl,
      details: holder ? `url: already registered as the endpoint ${holder.id} (GET /v1/webhooks/${holder.id}).` : 'url: an endpoint with this URL is already registered.',
      ...(holder ? { webhookId: holder.id } : {}),
    });
  }
  throw err;
}

/** Registers an endpoint; the answer is the only time its secret is shown. */
export async function createWebhook(tenant: Tenant, raw: unknown, options: RegistrationOptions = {}): Promise<EndpointWithSecret> {
  const body = parseOrThrow(createWebhookBodySchema, raw);
  const url = await acceptableUrl(body.url, tenant.environment, options);
  const id = randomUUID();
  const secret = generateWebhookSecret();
  try {
    const row = await getDb().transaction(async (tx) => {
      // One registration per dealer at a time, so the limit holds under concurrency.
      await lockDealer(tx, tenant.dealerId);
      if ((await countEndpoints(tx, tenant)) >= MAX_ENDPOINTS) {
        throw new ApiError('CONFLICT', {
          text: format(conflictTexts.webhookLimit, { limit: MAX_ENDPOINTS }),
          details: `At most ${MAX_ENDPOINTS} webhook endpoints per environment are allowed; delete one first.`,
        });
      }
      return insertEndpoint(tx, {
        id,
        dealerId: tenant.dealerId,
        environment: tenant.environment,
        url,
        description: body.description ?? null,
        events: body.events ?? [...WEBHOOK_EVENT_TYPES],
        active: body.active ?? true,
        secretCiphertext: encryptSecret(secret, id),
      });
    });
    return { ...serializeEndpoint(row), secret };
  } catch (err) {
    return rethrowDuplicateUrl(err, tenant, url);
  }
}

export async function listWebhooks(tenant: Tenant, page: number, perPage: number) {
  const { rows, total } = await listEndpoints(getDb(), tenant, perPage, (page - 1) * perPage);
  return { data: rows.map(serializeEndpoint), meta: sortedPageMeta(page, perPage, total, 'createdAt', 'asc') };
}

async function endpointOf(tenant: Tenant, id: string): Promise<EndpointRow> {
  const row = await findEndpoint(getDb(), tenant, id);
  if (!row) notFound();
  return row;
}

export async function getWebhook(tenant: Tenant, id: string): Promise<WebhookEndpointOut> {
  return serializeEndpoint(await endpointOf(tenant, id));
}

export async function updateWebhook(tenant: Tenant, id: string, raw: unknown, options: RegistrationOptions = {}): Promise<WebhookEndpointOut> {
  const body = parseOrThrow(updateWebhookBodySchema, raw);
  const url = body.url === undefined ? undefined : await acceptableUrl(body.url, tenant.environment, options);
  try {
    const row = await updateEndpoint(getDb(), tenant, id, {
      ...(url !== undefined ? { url } : {}),
      ...(body.events !== undefined ? { events: body.events } : {}),
      ...(body.description !== undefined ? { description: body.description } : {}),
      ...(body.active !== undefined ? { active: body.active } : {}),
    });
    if (!row) notFound();
    return serializeEndpoint(row);
  } catch (err) {
    return rethrowDuplicateUrl(err, tenant, url);
  }
}

export async function deleteWebhook(tenant: Tenant, id: string): Promise<void> {
  if (!(await deleteEndpoint(getDb(), tenant, id))) notFound();
}

/**
 * A new secret, shown only in this answer. The previous one keeps signing beside it (a second
 * `v1` in Spoke-Signature) for `keepPreviousHours`, so receivers can switch without losing events.
 */
export async function rotateWebhookSecret(tenant: Tenant, id: string, keepPreviousHours: number): Promise<EndpointWithSecret> {
  const secret = generateWebhookSecret();
  const row = await getDb().transaction(async (tx) => {
    const current = await findEndpoint(tx, tenant, id, { lock: true });
    if (!current) notFound();
    return updateEndpoint(tx, tenant, id, {
      secretCiphertext: encryptSecret(secret, id),
      previousSecretCiphertext: keepPreviousHours > 0 ? current.secretCiphertext : null,
      previousSecretExpiresAt: keepPreviousHours > 0 ? new Date(Date.now() + keepPreviousHours * 3_600_000) : null,
    });
  });
  return { ...serializeEndpoint(row!), secret };
}

export async function listWebhookDeliveries(tenant: Tenant, id: string, page: number, perPage: number, status?: DeliveryStatus) {
  const endpoint = await endpointOf(tenant, id);
  const { rows, total } = await listDeliveries(getDb(), endpoint.id, perPage, (page - 1) * perPage, status);
  return { data: rows.map((d) => serializeDelivery(d, endpoint)), meta: sortedPageMeta(page, perPage, total, 'createdAt', 'desc') };
}

/** One delivery with every attempt and the event it sends (the body, as signed). */
export async function getWebhookDelivery(tenant: Tenant, id: string, deliveryId: string): Promise<WebhookDeliveryDetailOut> {
  const endpoint = await endpointOf(tenant, id);
  const delivery = await findDelivery(getDb(), endpoint.id, deliveryId);
  if (!delivery) notFound();
  const attempts = await listAttempts(getDb(), delivery.id);
  return { ...serializeDelivery(delivery, endpoint), event: eventPayload(delivery), attemptLog: attempts.map(serializeAttempt) };
}

/** Sends a delivery's event again (same event id and content); due at the next processor run. */
export async function resendWebhookDelivery(tenant: Tenant, id: string, deliveryId: string): Promise<WebhookDeliveryOut> {
  const endpoint = await endpointOf(tenant, id);
  const delivery = await findDelivery(getDb(), endpoint.id, deliveryId);
  if (!delivery) notFound();
  return serializeDelivery(await resendDelivery(getDb(), delivery), endpoint);
}
