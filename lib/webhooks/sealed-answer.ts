import 'server-only';
import type { Sealer } from '@/lib/api/idempotent-route';
import { decryptSecret, encryptSecret } from './secret-box';

// An answer that shows an endpoint's secret (registration, rotation) is kept for the replay of an
// Idempotency-Key with the secret encrypted, bound to its endpoint as at rest: never in the clear.

type WithSecret = { data: { id: string; secret?: string } & Record<string, unknown>; meta: unknown };
type Sealed = { data: { id: string; sealedSecret?: string } & Record<string, unknown>; meta: unknown };

export const secretSealer: Sealer = {
  seal: (body) => {
    const { data, meta } = body as WithSecret;
    const { secret, ...rest } = data;
    return { data: secret === undefined ? rest : { ...rest, sealedSecret: encryptSecret(secret, data.id) }, meta };
  },
  open: (stored) => {
    const { data, meta } = stored as Sealed;
    const { sealedSecret, ...rest } = data;
    return { data: sealedSecret === undefined ? rest : { ...rest, secret: decryptSecret(sealedSecret, data.id) }, meta };
  },
};
