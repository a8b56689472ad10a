import 'server-only';
import { LEASE_SORTS, leasesRunningIn, listLeases, type LeaseRow, type LeaseSort } from '@/db/repositories/leases';
import { getDb } from '@/lib/database';
import type { PayrollMonth } from '@/lib/employer/rules/payroll-month';
import type { EmployerStaff } from './requests';

// The employer's leases (docs/employer.md, "Leases"): every bicycle handed over to one of its
// employees, with the amounts payroll needs, kept with the order when it was approved. Scoped by
// the signed-in staff member's employer: another employer's lease is never read.

export const LEASES_PAGE_SIZE = 25;
export { LEASE_SORTS, type LeaseSort };

export type Lease = {
  offerId: string;
  offerNumber: string;
  name: string;
  email: string;
  personnelNumber: string | null;
  bicycle: string;
  leaseStart: string;
  leaseEnd: string;
  employeeMonthlyGross: number;
  taxableBenefitMonthly: number;
  employerSubsidyMonthly: number;
};

const leaseOf = (r: LeaseRow): Lease => ({
  offerId: r.offerId,
  offerNumber: r.offerNumber,
  name: r.name,
  email: r.email,
  personnelNumber: r.personnelNumber,
  bicycle: [r.brandName, r.modelName].filter(Boolean).join(' '),
  leaseStart: r.leaseStart,
  leaseEnd: r.leaseEnd,
  employeeMonthlyGross: r.leaseTerms?.employeeMonthlyGross ?? 0,
  taxableBenefitMonthly: r.leaseTerms?.taxableBenefitMonthly ?? 0,
  employerSubsidyMonthly: r.leaseTerms?.employerSubsidyMonthly ?? 0,
});

export async function employerLeases(staff: EmployerStaff, query: { q?: string; sort: LeaseSort; page: number }) {
  // Each sort's natural direction: names and numbers ascending, the newest start first, the soonest end first, the highest amount first.
  const order = query.sort === 'leaseStart' || query.sort === 'monthly' ? 'desc' : 'asc';
  const { rows, total } = await listLeases(getDb(), staff.employerId, { q: query.q, sort: query.sort, order, limit: LEASES_PAGE_SIZE, offset: (query.page - 1) * LEASES_PAGE_SIZE });
  return { leases: rows.map(leaseOf), total };
}

/** Every lease of the employer running in the month, by personnel number, then name. */
export async function payrollLeases(staff: EmployerStaff, month: PayrollMonth): Promise<Lease[]> {
  return (await leasesRunningIn(getDb(), staff.employerId, month.first, month.last)).map(leaseOf);
}
