import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { apiClients, categories, dealers, employees, employerExcludedCategories, employers, portalUsers } from '../schema';
import { SCOPES, type Scope } from '@/lib/shared/model';
import { catalogueNodes } from './catalogue-data';

// The demo data of docs/contract.md ("Demo data"). Idempotent: existing rows are left as they are.

export const DEMO = {
  dealerA: { id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f000001', name: 'Radhaus Demo' },
  dealerB: { id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f000002', name: 'Velo Konkurrenz' },
  employer: {
    id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e1',
    name: 'Acme GmbH',
    excluded: ['103000'],
    // 36 months at 3.15 % a month, insurance and service 0.4 %, and Acme pays 30 € of each rate.
    terms: { leaseTermMonths: 36, leasingFactorPercent: '3.150', insurancePercent: '0.400', employerSubsidyMonthly: '30.00' },
  },
  employeeEmail: 'erika.mustermann@acme.example',
  /** Acme's HR staff member, who decides its employees' requests at /employer. */
  hrEmail: 'hr@acme.example',
  /** Acme's payroll clerk, a second HR staff member (the lived-in demo). */
  payrollEmail: 'lohn@acme.example',
  password: 'demo1234',
} as const;

type DemoClient = {
  clientId: string;
  secret: string;
  dealerId: string;
  environment: 'sandbox' | 'production';
  scopes: readonly Scope[];
  name: string;
};

export const DEMO_CLIENTS: readonly DemoClient[] = [
  { clientId: 'demo-sandbox', secret: 'demo-sandbox-secret', dealerId: DEMO.dealerA.id, environment: 'sandbox', scopes: SCOPES, name: 'Radhaus Demo ERP (sandbox)' },
  { clientId: 'demo-readonly', secret: 'demo-readonly-secret', dealerId: DEMO.dealerA.id, environment: 'sandbox', scopes: ['offers:read', 'catalogue:read'], name: 'Radhaus Demo reporting (read-only)' },
  { clientId: 'demo-production', secret: 'demo-production-secret', dealerId: DEMO.dealerA.id, environment: 'production', scopes: SCOPES, name: 'Radhaus Demo ERP (production)' },
  { clientId: 'other-sandbox', secret: 'other-sandbox-secret', dealerId: DEMO.dealerB.id, environment: 'sandbox', scopes: SCOPES, name: 'Velo Konkurrenz shop (sandbox)' },
];

export async function seedCatalogue(db: Db): Promise<void> {
  await db
    .insert(categories)
    .values(catalogueNodes.map((node, position) => ({ ...node, position })))
    .onConflictDoUpdate({
      target: categories.bidexCode,
      set: {
        parentCode: sql`excluded.parent_code`,
        kind: sql`excluded.kind`,
        nameDe: sql`excluded.name_de`,
        nameEn: sql`excluded.name_en`,
        leasable: sql`excluded.leasable`,
        spokeExtension: sql`excluded.spoke_extension`,
        position: sql`excluded.position`,
      },
    });
}

/**
 * Writes the demo data. The clients' secrets and the users' password are stored hashed with the
 * domain's schemes, which the caller passes (`hashSecret` of lib/auth/secret-hash.ts for the
 * password, `hashClientSecret` of lib/auth/client-secret.ts for client secrets; without the
 * latter, client secrets are stored with `hashSecret` too and moved over on first use): db/ does
 * not import the domain.
 */
export async function seedDemo(
  db: Db,
  hashSecret: (secret: string) => Promise<string>,
  hashClientSecret: (secret: string) => string | Promise<string> = hashSecret,
): Promise<void> {
  await seedCatalogue(db);
  await db
    .insert(dealers)
    .values([
      { ...DEMO.dealerA, productionEnabledAt: new Date('2026-01-15T09:00:00Z'), address: 'Radhaus Demo GmbH\nKastanienallee 12\n10435 Berlin' },
      { ...DEMO.dealerB, address: 'Velo Konkurrenz KG\nHauptstraße 5\n50667 Köln' },
    ])
    .onConflictDoNothing();

  const existingClients = new Set((await db.select({ id: apiClients.clientId }).from(apiClients)).map((r) => r.id));
  const newClients = DEMO_CLIENTS.filter((c) => !existingClients.has(c.clientId));
  if (newClients.length > 0) {
    await db
      .insert(apiClients)
      .values(
        await Promise.all(newClients.map(async ({ secret, scopes, ...c }) => ({ ...c, scopes: [...scopes], secretHash: await hashClientSecret(secret) }))),
      )
      .onConflictDoNothing();
  }

  const existingUsers = await db.select({ email: portalUsers.email }).from(portalUsers);
  const users = [
    { email: 'dealer@example.com', name: 'Dana Dealer', role: 'dealer' as const, dealerId: DEMO.dealerA.id },
    { email: 'operator@example.com', name: 'Otto Operator', role: 'operator' as const, dealerId: null },
  ].filter((u) => !existingUsers.some((e) => e.email.toLowerCase() === u.email));
  for (const user of users) {
    await db
      .insert(portalUsers)
      .values({ ...user, passwordHash: await hashSecret(DEMO.password) })
      .onConflictDoNothing();
  }

  await db.insert(employers).values({ id: DEMO.employer.id, name: DEMO.employer.name, ...DEMO.employer.terms }).onConflictDoNothing();
  await db
    .insert(employerExcludedCategories)
    .values(DEMO.employer.excluded.map((bidexCode) => ({ employerId: DEMO.employer.id, bidexCode })))
    .onConflictDoNothing();
  await db
    .insert(employees)
    .values({ email: DEMO.employeeEmail, employerId: DEMO.employer.id, name: 'Erika Mustermann' })
    .onConflictDoNothing();
  if (!existingUsers.some((e) => e.email.toLowerCase() === DEMO.hrEmail)) {
    await db
      .insert(portalUsers)
      .values({
        email: DEMO.hrEmail,
        name: 'Hanna HR',
        role: 'employer',
        employerId: DEMO.employer.id,
        notifyStatuses: ['employer_decision_pending'],
        passwordHash: await hashSecret(DEMO.password),
      })
      .onConflictDoNothing();
  }
}
