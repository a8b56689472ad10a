import 'server-only';
import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { apiClients, dealers } from '../schema';

export type ApiClientRow = typeof apiClients.$inferSelect;

export async function findApiClient(db: Executor, clientId: string): Promise<ApiClientRow | undefined> {
  const [row] = await db.select().from(apiClients).where(eq(apiClients.clientId, clientId)).limit(1);
  return row;
}

export async function listApiClients(db: Executor, dealerId?: string) {
  return db
    .select({
      clientId: apiClients.clientId,
      name: apiClients.name,
      dealerId: apiClients.dealerId,
      dealerName: dealers.name,
      environment: apiClients.environment,
      scopes: apiClients.scopes,
      createdAt: apiClients.createdAt,
      disabledAt: apiClients.disabledAt,
    })
    .from(apiClients)
    .innerJoin(dealers, eq(dealers.id, apiClients.dealerId))
    .where(dealerId ? eq(apiClients.dealerId, dealerId) : undefined)
    .orderBy(asc(dealers.name), asc(apiClients.clientId));
}

export async function insertApiClient(db: Executor, row: typeof apiClients.$inferInsert): Promise<void> {
  await db.insert(apiClients).values(row);
}

export async function setApiClientSecret(db: Executor, clientId: string, secretHash: string): Promise<boolean> {
  const rows = await db.update(apiClients).set({ secretHash }).where(eq(apiClients.clientId, clientId)).returning({ id: apiClients.clientId });
  return rows.length > 0;
}

/**
 * Replaces a client's secret hash by another hash of the same secret (a stored hash moved to the
 * current scheme): one UPDATE, and only while the stored hash is still `previous` — a rotation in
 * between wins.
 */
export async function rehashApiClientSecret(db: Executor, clientId: string, previous: string, secretHash: string): Promise<boolean> {
  const rows = await db
    .update(apiClients)
    .set({ secretHash })
    .where(and(eq(apiClients.clientId, clientId), eq(apiClients.secretHash, previous)))
    .returning({ id: apiClients.clientId });
  return rows.length > 0;
}

export async function disableApiClient(db: Executor, clientId: string): Promise<boolean> {
  const rows = await db
    .update(apiClients)
    .set({ disabledAt: new Date() })
    .where(and(eq(apiClients.clientId, clientId), isNull(apiClients.disabledAt)))
    .returning({ id: apiClients.clientId });
  return rows.length > 0;
}
