import { redirect } from 'next/navigation';
import type { SearchParams } from '@/lib/console/http/page';

// The console opens on the operator's own work: the decision queue ("Ihre Entscheidung"). The
// rejected offers' overview with its chart is /console/rejected; an address of it from before
// (/console with its filters) still leads there.
export default async function ConsoleHome({ searchParams }: { searchParams: SearchParams }) {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(await searchParams)) for (const v of [value ?? []].flat()) params.append(key, v);
  redirect(params.size > 0 ? `/console/rejected?${params.toString()}` : '/console/queues/decision');
}
