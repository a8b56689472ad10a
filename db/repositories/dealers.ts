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
  return db.select({ id: dealers.id, name: dealers.name }).from(dealers).orderBy(asc(sql`lower(${dealers.name})`));
}
