import 'server-only';
import { randomUUID } from 'node:crypto';
import { getDb } from '@/lib/database';
import { findEndpoint } from '@/db/repositories/webhooks';
import { notFound } from '@/lib/api/errors';
import type { Tenant } from '@/lib/auth/authenticate';
import { secretsOf, USER_AGENT } from './deliver';
import { DELIVERY_TIMEOUT_MS } from './delivery-limits';
import { postJson } from './http-post';
import type { WebhookTestResultOut } from './response-schemas';
import { EVENT_ID_HEADER, SIGNATURE_HEADER, signatureHeader } from './signature';
import { urlPolicy, type LookupAll, type UrlPolicy } from './url-policy';

export const PING_MESSAGE = 'A test event from Spoke. If its signature verifies with your secret, your endpoint is ready for offer events.';

/**
 * Sends a signed `ping` event to the tenant's endpoint now — active or paused — and answers what
 * happened: the receiver's status, or why it could not be reached. The same signature, headers,
 * URL rules and 5-second deadline as every delivery; not retried and not kept as a delivery.
 */
export async function sendTestEvent(tenant: Tenant, id: string, options: { policy?: UrlPolicy; lookup?: LookupAll } = {}): Promise<WebhookTestResultOut> {
  const endpoint = await findEndpoint(getDb(), tenant, id);
  if (!endpoint) notFound();
  const now = new Date();
  const event = {
    id: randomUUID(),
    type: 'ping' as const,
    occurredAt: now.toISOString(),
    environment: endpoint.environment,
    data: { webhookId: endpoint.id, message: PING_MESSAGE },
  };
  const body = JSON.stringify(event);
  const timestamp = Math.floor(now.getTime() / 1000);
  const result = await postJson(
    endpoint.url,
    body,
    {
      'Content-Type': 'application/json; charset=utf-8',
      'User-Agent': USER_AGENT,
      [EVENT_ID_HEADER]: event.id,
      'Spoke-Event-Type': event.type,
      [SIGNATURE_HEADER]: signatureHeader(secretsOf(endpoint, now.getTime()), timestamp, body),
    },
    { timeoutMs: DELIVERY_TIMEOUT_MS, policy: options.policy ?? urlPolicy(endpoint.environment), lookup: options.lookup },
  );
  return {
    event,
    delivered: result.status !== null && result.status >= 200 && result.status < 300,
    url: endpoint.url,
    durationMs: result.durationMs,
    ...(result.status !== null ? { responseStatus: result.status } : {}),
    ...(result.error ? { error: result.error } : {}),
    ...(result.excerpt ? { responseExcerpt: result.excerpt } : {}),
  };
}
