import { eq, inArray } from 'drizzle-orm';
import type { Executor } from '../client';
import { employees, employerExcludedCategories } from '../schema';

/** For each given e-mail of a registered employee: the codes the employer excludes. */
export async function excludedCodesByEmail(db: Executor, emails: readonly string[]): Promise<Map<string, string[]>> {
  const lower = [...new Set(emails.map((e) => e.toLowerCase()))];
  const out = new Map<string, string[]>();
  if (lower.length === 0) return out;
  const rows = await db
    .select({ email: employees.email, code: employerExcludedCategories.bidexCode })
    .from(employees)
    .leftJoin(employerExcludedCategories, eq(employerExcludedCategories.employerId, employees.employerId))
    .where(inArray(employees.email, lower));
  for (const row of rows) {
    const list = out.get(row.email) ?? [];
    if (row.code) list.push(row.code);
    out.set(row.email, list);
  }
  return out;
}
