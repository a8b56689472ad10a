import 'server-only';
import { desc, isNull } from 'drizzle-orm';
import type { Executor } from '../client';
import { signingKeys } from '../schema';

// The keys that sign access tokens (lib/auth/signing-keys.ts holds the rule of their use).

export type SigningKeyRow = typeof signingKeys.$inferSelect;

/** Stores a new key; a key already stored under its kid is kept. */
export async function insertSigningKey(db: Executor, key: Pick<SigningKeyRow, 'kid' | 'privateJwk' | 'publicJwk'>): Promise<void> {
  await db.insert(signingKeys).values(key).onConflictDoNothing();
}

/** Every key not retired, newest first. */
export async function listLiveSigningKeys(db: Executor): Promise<SigningKeyRow[]> {
  return db.select().from(signingKeys).where(isNull(signingKeys.retiredAt)).orderBy(desc(signingKeys.createdAt), desc(signingKeys.kid));
}
