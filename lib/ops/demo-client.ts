import 'server-only';
import { DEMO_CLIENTS } from '@/db/seed';
import { env } from '@/lib/env';

/** The sandbox demo client the API reference prefills; its secret only where the demo data is seeded. */
export function referenceDemoClient(): { clientId: string; secret?: string; scopes: string[] } {
  const demo = DEMO_CLIENTS.find((c) => c.clientId === 'demo-sandbox')!;
  return { clientId: demo.clientId, ...(env.seedDemo ? { secret: demo.secret } : {}), scopes: [...demo.scopes] };
}
