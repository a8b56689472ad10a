import 'server-only';
import { asc, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, operatorActions } from '../schema';

// Dealers and the operator's record of what was done for them (onboarding).

export async function findDealerByName(db: Executor, name: string) {
  const [row] = await db
    .select({ id: dealers.id, name: dealers.name })
    .from(dealers)
    .where(sql`lower(${dealers.name}) = ${name.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** Dealers by id, or by exact name (case-insensitive): none, one, or several with that name. */
export async function findDealersByRef(db: Executor, ref: { id: string } | { name: string }) {
  const columns = { id: dealers.id, name: dealers.name, productionEnabledAt: dealers.productionEnabledAt };
  return 'id' in ref
    ? db.select(columns).from(dealers).where(eq(dealers.id, ref.id))
    : db.select(columns).from(dealers).where(sql`lower(${dealers.name}) = lower(${ref.name})`);
}

/** Records that the dealer's sandbox integration was evaluated: production from now on. */
export async function enableDealerProduction(db: Executor, dealerId: string): Promise<void> {
  await db.update(dealers).set({ productionEnabledAt: new Date() }).where(eq(dealers.id, dealerId));
}

/** Locks the dealer's row until the transaction ends: one such change per dealer at a time. */
export async function lockDealer(tx: Executor, dealerId: string): Promise<void> {
  await tx.select({ id: dealers.id }).from(dealers).where(eq(dealers.id, dealerId)).for('update');
}

export async function insertDealer(db: Executor, name: string): Promise<string> {
  const [row] = await db.insert(dealers).values({ name }).returning({ id: dealers.id });
  return row!.id;
}

export type OperatorActionInsert = typeof operatorActions.$inferInsert;
export type OperatorActionRow = typeof operatorActions.$inferSelect;

export async function insertOperatorAction(db: Executor, entry: OperatorActionInsert): Promise<void> {
  await db.insert(operatorActions).values(entry);
}

/** What operators did for a dealer, newest first. */
export async function listDealerActions(db: Executor, dealerId: string, limit = 100): Promise<OperatorActionRow[]> {
  return db.select().from(operatorActions).where(eq(operatorActions.dealerId, dealerId)).orderBy(desc(operatorActions.id)).limit(limit);
}

/** What operators did for an employer, newest first. */
export async function listEmployerActions(db: Executor, employerId: string, limit = 100): Promise<OperatorActionRow[]> {
  return db.select().from(operatorActions).where(eq(operatorActions.employerId, employerId)).orderBy(desc(operatorActions.id)).limit(limit);
}

export async function listDealerNames(db: Executor) {
  return db.select({ id: dealers.id, name: dealers.name }).from(dealers).orderBy(asc(sql`spoke_fold(${dealers.name})`));
}

/** The dealer's name and postal address, as printed on its offer documents. */
export async function findDealerLetterhead(db: Executor, id: string): Promise<{ name: string; address: string | null } | undefined> {
  const [row] = await db.select({ name: dealers.name, address: dealers.address }).from(dealers).where(eq(dealers.id, id)).limit(1);
  return row;
}
