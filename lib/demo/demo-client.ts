import 'server-only';
import { DEMO_CLIENTS } from '@/db/seed';
import { env, type Env } from '@/lib/env';

type DemoSetting = Pick<Env, 'seedDemo' | 'production' | 'embeddedDatabase'>;

/** A production deployment: production mode on PostgreSQL (the embedded database is the trial setup). */
export const productionDeployment = (e: DemoSetting = env) => e.production && !e.embeddedDatabase;

/**
 * The sandbox demo client the API reference prefills; its secret only where the demo data is seeded
 * and this is no production deployment (there the reference shows no demo secret, even when
 * SEED_DEMO loaded it).
 */
export function referenceDemoClient(e: DemoSetting = env): { clientId: string; secret?: string; scopes: string[] } {
  const demo = DEMO_CLIENTS.find((c) => c.clientId === 'demo-sandbox')!;
  const showSecret = e.seedDemo && !productionDeployment(e);
  return { clientId: demo.clientId, ...(showSecret ? { secret: demo.secret } : {}), scopes: [...demo.scopes] };
}
