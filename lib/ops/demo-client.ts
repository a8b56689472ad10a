import 'server-only';
import { DEMO_CLIENTS } from '@/db/seed';
import { env } from '@/lib/env';

/**
 * The sandbox demo client the API reference prefills; its secret only where the demo data is seeded
 * and this is no production deployment (production with DATABASE_URL shows no demo secret, even
 * when SEED_DEMO loaded it).
 */
export function referenceDemoClient(): { clientId: string; secret?: string; scopes: string[] } {
  const demo = DEMO_CLIENTS.find((c) => c.clientId === 'demo-sandbox')!;
  const showSecret = env.seedDemo && !(env.production && !env.embeddedDatabase);
  return { clientId: demo.clientId, ...(showSecret ? { secret: demo.secret } : {}), scopes: [...demo.scopes] };
}
