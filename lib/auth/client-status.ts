import 'server-only';
import { getDb } from '@/lib/database';
import { findApiClient } from '@/db/repositories/api-clients';

// A disabled client's tokens must stop working within 60 s without a database read per request:
// each node remembers a client's state for 30 s.

const TTL_MS = 30_000;
const cache = new Map<string, { active: boolean; dealerId: string; environment: string; at: number }>();

export async function isClientActive(clientId: string, dealerId: string, environment: string): Promise<boolean> {
  let entry = cache.get(clientId);
  if (!entry || Date.now() - entry.at > TTL_MS) {
    const row = await findApiClient(getDb(), clientId);
    entry = {
      active: !!row && !row.disabledAt,
      dealerId: row?.dealerId ?? '',
      environment: row?.environment ?? '',
      at: Date.now(),
    };
    cache.set(clientId, entry);
  }
  return entry.active && entry.dealerId === dealerId && entry.environment === environment;
}

/** Forgets what this node remembers (used after disabling a client on this node). */
export function forgetClientStatus(clientId?: string): void {
  if (clientId) cache.delete(clientId);
  else cache.clear();
}
