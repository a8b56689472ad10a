import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, employers, portalUsers } from '../schema';
import type { UserRole } from '@/lib/shared/model';

export type PortalUserRow = typeof portalUsers.$inferSelect;

/** A portal user by e-mail (case-insensitive), with the password hash for sign-in. */
export async function findPortalUserByEmail(db: Executor, email: string): Promise<PortalUserRow | undefined> {
  const [row] = await db
    .select()
    .from(portalUsers)
    .where(sql`lower(${portalUsers.email}) = ${email.trim().toLowerCase()}`)
    .limit(1);
  return row;
}

/** What a session needs to know about its user on every request: role, dealer or employer, production access. */
export type PortalUserContext = {
  id: string;
  email: string;
  name: string;
  role: UserRole;
  dealerId: string | null;
  dealerName: string | null;
  employerId: string | null;
  employerName: string | null;
  productionEnabled: boolean;
  disabled: boolean;
};

export async function findPortalUserContext(db: Executor, id: string): Promise<PortalUserContext | undefined> {
  const [row] = await db
    .select({
      id: portalUsers.id,
      email: portalUsers.email,
      name: portalUsers.name,
      role: portalUsers.role,
      dealerId: portalUsers.dealerId,
      disabledAt: portalUsers.disabledAt,
      dealerName: dealers.name,
      productionEnabledAt: dealers.productionEnabledAt,
      employerId: portalUsers.employerId,
      employerName: employers.name,
    })
    .from(portalUsers)
    .leftJoin(dealers, eq(dealers.id, portalUsers.dealerId))
    .leftJoin(employers, eq(employers.id, portalUsers.employerId))
    .where(eq(portalUsers.id, id))
    .limit(1);
  if (!row) return undefined;
  return {
    id: row.id,
    email: row.email,
    name: row.name,
    role: row.role,
    dealerId: row.dealerId,
    dealerName: row.dealerName ?? null,
    employerId: row.employerId ?? null,
    employerName: row.employerName ?? null,
    productionEnabled: row.productionEnabledAt !== null && row.productionEnabledAt !== undefined,
    disabled: row.disabledAt !== null,
  };
}
