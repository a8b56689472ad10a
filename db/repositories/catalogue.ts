import 'server-only';
import { asc } from 'drizzle-orm';
import type { Executor } from '../client';
import { categories } from '../schema';

export type CategoryRow = typeof categories.$inferSelect;

/** Every catalogue node, in catalogue order. */
export async function listCategories(db: Executor): Promise<CategoryRow[]> {
  return db.select().from(categories).orderBy(asc(categories.position));
}
