import 'server-only';
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { env } from '@/lib/env';

// Webhook signing secrets must be usable to sign, so they cannot be hashed like client secrets.
// They are stored encrypted with AES-256-GCM under a key derived (HKDF-SHA256) from
// WEBHOOK_SECRET_KEY (or, without it, from the session secret). The endpoint's id is the
// additional authenticated data: a ciphertext copied onto another endpoint does not decrypt.
// Format: `v1.<iv>.<ciphertext>.<tag>`, each part base64url.

const VERSION = 'v1';

let cached: { material: string; key: Buffer } | undefined;

function key(material: string = env.webhookSecretKey): Buffer {
  if (cached?.material !== material) {
    cached = { material, key: Buffer.from(hkdfSync('sha256', material, 'spoke', 'webhook signing secrets v1', 32)) };
  }
  return cached.key;
}

/** A new signing secret: `whsec_` and 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64url')}`;
}

export function encryptSecret(secret: string, endpointId: string, material?: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key(material), iv);
  cipher.setAAD(Buffer.from(`webhook-endpoint:${endpointId}`));
  const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64url'), ciphertext.toString('base64url'), cipher.getAuthTag().toString('base64url')].join('.');
}

/** The secret, or throws when the ciphertext was not made with this key for this endpoint. */
export function decryptSecret(stored: string, endpointId: string, material?: string): string {
  const [version, iv, ciphertext, tag] = stored.split('.');
  if (version !== VERSION || !iv || !ciphertext || !tag) throw new Error('Unknown webhook secret format');
  const decipher = createDecipheriv('aes-256-gcm', key(material), Buffer.from(iv, 'base64url'));
  decipher.setAAD(Buffer.from(`webhook-endpoint:${endpointId}`));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
}
