import 'server-only';
import { createHmac } from 'node:crypto';

// `Spoke-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">` — one `v1` per valid
// secret (two during a rotation's grace period). Receivers verify as docs/webhooks.md shows.

export const SIGNATURE_HEADER = 'Spoke-Signature';
export const EVENT_ID_HEADER = 'Spoke-Event-ID';

export function signPayload(secret: string, timestamp: number, body: string): string {
  return createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
}

export function signatureHeader(secrets: readonly string[], timestamp: number, body: string): string {
  return [`t=${timestamp}`, ...secrets.map((s) => `v1=${signPayload(s, timestamp, body)}`)].join(',');
}
