import 'server-only';
import type { Actor, Tenant } from '@/lib/shared/model';
import type { Scope } from './scopes';

/** Who calls, for which tenant, with which scopes. */
export type Principal = Tenant & {
  scopes: Scope[];
  actor: Actor;
  /** The key that rate limits count against. */
  rateKey: string;
};
