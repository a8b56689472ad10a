import 'server-only';
import type { Db } from '@/db/client';
import { seedDemo } from '@/db/seed';
import { hashClientSecret } from '@/lib/auth/client-secret';
import { hashSecret } from '@/lib/auth/secret-hash';
import { seedLivedIn } from './lived-in';

/**
 * The demo data, the one entry point of its seeding: the plain demo (dealers, clients, users,
 * catalogue, employers; db/seed) and dealer A's months of work written through the use cases
 * (lived-in.ts). Idempotent: what exists stays. Loaded only when seeding is asked for — the server
 * imports this module at start only with SEED_DEMO, `npm run db:seed` always.
 *
 * `keyedClientSecrets`: the clients' secrets hashed with the server's key (the server itself); off,
 * they are stored as scrypt and move to the keyed hash on their first use (a command run with
 * other keys than the server's; lib/auth/client-secret.ts).
 */
export async function seedDemoData(db: Db, options: { keyedClientSecrets: boolean }): Promise<{ offers: number }> {
  await seedDemo(db, hashSecret, options.keyedClientSecrets ? hashClientSecret : hashSecret);
  return seedLivedIn(db);
}
