import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { getDb } from '@/lib/database';
import { employees, employers, offers, portalUsers, purchaseOrders } from '@/db/schema';
import { hashSecret } from '@/lib/auth/secret-hash';
import type { EmployerStaff } from '@/lib/employer/use-cases/requests';
import type { LeaseTerms } from '@/lib/shared/model';
import { ORIGIN, sessionCookie } from '../operator-session';
import { newDealer } from './auth';
import { createOffer } from './offers';

// The employer face in tests: employers of their own, HR staff with real sessions, and handed-over
// bicycles (purchase orders with a lease) of their employees.

export async function newEmployer(name = `Beta AG ${randomBytes(3).toString('hex')}`): Promise<{ id: string; name: string }> {
  const [row] = await getDb().insert(employers).values({ name }).returning();
  return { id: row!.id, name: row!.name };
}

/** An HR staff member of the employer: the use cases' staff and the same-origin headers of a live session. */
export async function hrOf(employer: { id: string; name: string }, name = 'Hanna Hübner'): Promise<{ staff: EmployerStaff; headers: Record<string, string> }> {
  const email = `hr-${randomBytes(4).toString('hex')}@employer.example`;
  const [u] = await getDb()
    .insert(portalUsers)
    .values({ email, name, passwordHash: await hashSecret('secret-password'), role: 'employer', employerId: employer.id })
    .returning();
  const cookie = await sessionCookie({ id: u!.id, role: 'employer', dealerId: null, name, email });
  return { staff: { id: u!.id, name, email, employerId: employer.id, employerName: employer.name }, headers: { origin: ORIGIN, cookie } };
}

export async function addEmployee(employerId: string, name: string, personnelNumber: string | null = null): Promise<string> {
  const email = `${name.toLowerCase().replace(/[^a-z]+/g, '.')}-${randomBytes(3).toString('hex')}@staff.example`;
  await getDb().insert(employees).values({ email, employerId, name, personnelNumber });
  return email;
}

export const TERMS: LeaseTerms = {
  termMonths: 36,
  leasingFactorPercent: 3.15,
  monthlyRateGross: 110.22,
  insuranceMonthly: 14,
  employerSubsidyMonthly: 30,
  employeeMonthlyGross: 94.22,
  taxableBenefitMonthly: 9,
  benefitBasis: 3600,
};

let dealerToken: Promise<string> | undefined;

/** A bicycle handed over to the employee: a production offer and its purchase order with a lease from `start` to `end`. */
export async function lease(
  employerId: string,
  email: string,
  start: string,
  end: string,
  options: { name?: string; status?: 'handed_over' | 'paid' | 'canceled' | 'awaiting_handover'; terms?: Partial<LeaseTerms> } = {},
): Promise<{ offerId: string; offerNumber: string }> {
  dealerToken ??= newDealer({ environment: 'production' }).then((d) => d.token);
  const offer = await createOffer(await dealerToken, { customerEmail: email, customerName: options.name ?? 'Erika Mustermann' });
  const [row] = await getDb().select({ dealerId: offers.dealerId }).from(offers).where(eqId(offer.id));
  const status = options.status ?? 'handed_over';
  const started = status !== 'awaiting_handover';
  await getDb()
    .insert(purchaseOrders)
    .values({
      offerId: offer.id,
      dealerId: row!.dealerId,
      environment: 'production',
      employerId,
      status,
      handedOverOn: started ? start : null,
      leaseStart: started ? start : null,
      leaseEnd: started ? end : null,
      leaseTerms: { ...TERMS, ...options.terms },
    });
  return { offerId: offer.id, offerNumber: offer.offerNumber };
}

const eqId = (id: string) => eq(offers.id, id);
