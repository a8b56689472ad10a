import 'server-only';
import type { Sealer } from '@/lib/api/idempotent-route';
import { decryptSecret, encryptSecret } from './secret-box';

// An answer that shows an endpoint's secret (registration, rotation) is kept for the replay of an
// Idempotency-Key with the secret encrypted, bound to its endpoint as at rest: never in the clear.

type WithSecret = { data: { id: string; secret?: string } & Record<string, unknown>; meta: unknown };
type Sealed = { data: { id: string; sealedSecret?: string } & Record<string, unknown>; meta: unknown };

// The secret is sealed and opened where it stands, so the replay's keys keep the answer's order.
export const secretSealer: Sealer = {
  seal: (body) => {
    const { data, meta } = body as WithSecret;
    const entries = Object.entries(data).map(([k, v]) => (k === 'secret' && typeof v === 'string' ? ['sealedSecret', encryptSecret(v, data.id)] : [k, v]));
    return { ...body, data: Object.fromEntries(entries), meta };
  },
  open: (stored) => {
    const { data, meta } = stored as Sealed;
    const entries = Object.entries(data).map(([k, v]) => (k === 'sealedSecret' && typeof v === 'string' ? ['secret', decryptSecret(v, data.id)] : [k, v]));
    return { ...(stored as object), data: Object.fromEntries(entries), meta };
  },
};
