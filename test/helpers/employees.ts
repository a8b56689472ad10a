import { randomBytes } from 'node:crypto';
import { employees } from '@/db/schema';
import { DEMO } from '@/db/seed';
import { getDb } from '@/lib/database';

/**
 * A newly registered employee of an employer (the demo's Acme unless told): a recipient of its own,
 * so the hourly quotas of customer links of one test never touch another's.
 */
export async function newEmployee(employerId: string = DEMO.employer.id, name = 'Erika Mustermann'): Promise<string> {
  const email = `employee-${randomBytes(4).toString('hex')}@acme.example`;
  await getDb().insert(employees).values({ email, employerId, name });
  return email;
}
