import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { employerExcludedCategories, employers } from '../schema';

// An employer's rules (excluded categories, lowest and highest total, bicycles at once) and the
// operator's bounds on them, as stored (numerics as strings, null = none).

export type EmployerRulesRow = {
  name: string;
  excludedCodes: string[];
  minTotalPriceGross: string | null;
  maxTotalPriceGross: string | null;
  maxBicyclesAtOnce: number | null;
  totalPriceFloorGross: string | null;
  totalPriceCeilingGross: string | null;
  bicyclesAtOnceCeiling: number | null;
};

const rulesColumns = {
  name: employers.name,
  excludedCodes: sql<string[]>`coalesce((select array_agg(x.bidex_code order by x.bidex_code) from ${employerExcludedCategories} x where x.employer_id = ${employers.id}), '{}')`,
  minTotalPriceGross: employers.minTotalPriceGross,
  maxTotalPriceGross: employers.maxTotalPriceGross,
  maxBicyclesAtOnce: employers.maxBicyclesAtOnce,
  totalPriceFloorGross: employers.totalPriceFloorGross,
  totalPriceCeilingGross: employers.totalPriceCeilingGross,
  bicyclesAtOnceCeiling: employers.bicyclesAtOnceCeiling,
};

/** The employer's rules and bounds; with `lock`, its row is locked until the transaction ends (every change of rules takes it). */
export async function findEmployerRules(db: Executor, employerId: string, options: { lock?: boolean } = {}): Promise<EmployerRulesRow | undefined> {
  const query = db.select(rulesColumns).from(employers).where(eq(employers.id, employerId)).limit(1);
  const [row] = options.lock ? await query.for('update', { of: employers }) : await query;
  return row ? { ...row, excludedCodes: row.excludedCodes ?? [] } : undefined;
}

/** Sets the employer's own rules of totals and bicycles at once. */
export async function updateEmployerRules(
  db: Executor,
  employerId: string,
  values: { minTotalPriceGross: string | null; maxTotalPriceGross: string | null; maxBicyclesAtOnce: number | null },
): Promise<void> {
  await db.update(employers).set(values).where(eq(employers.id, employerId));
}

/** Sets the operator's bounds on the employer's rules. */
export async function updateEmployerBounds(
  db: Executor,
  employerId: string,
  values: { totalPriceFloorGross: string | null; totalPriceCeilingGross: string | null; bicyclesAtOnceCeiling: number | null },
): Promise<void> {
  await db.update(employers).set(values).where(eq(employers.id, employerId));
}
