import 'server-only';
import type { Executor } from '@/db/client';
import { getDb } from '@/lib/database';
import { listCategories } from '@/db/repositories/catalogue';
import { Catalogue } from './tree';

// The catalogue is small and read on every check: each node keeps it for a minute.
const TTL_MS = 60_000;
let cached: { catalogue: Catalogue; at: number } | undefined;

/**
 * The catalogue, read again when a minute old. A caller inside a transaction passes it as `db`: the
 * embedded database has one connection, which the transaction holds.
 */
export async function loadCatalogue(options: { fresh?: boolean; db?: Executor } = {}): Promise<Catalogue> {
  if (!cached || options.fresh || Date.now() - cached.at > TTL_MS) {
    const nodes = await listCategories(options.db ?? getDb());
    cached = { catalogue: new Catalogue(nodes), at: Date.now() };
  }
  return cached.catalogue;
}
