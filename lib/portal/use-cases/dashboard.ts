import 'server-only';
import { countOffersByStatus, listChangedSince, listNeedsAction, type DashboardOffer } from '@/db/repositories/dashboard';
import { getDb } from '@/lib/database';
import { OFFER_STATUSES, type OfferStatus, type Tenant } from '@/lib/shared/model';

// The dealer portal's home page (docs/portal.md, "Home"): counts per status, what needs the
// dealer's action, and what changed since the user's previous visit — all of the session's dealer
// in the environment chosen in the portal.

export type { DashboardOffer };

const DAY_MS = 86_400_000;
/** A draft untouched for longer than this needs action (the customer has not started the order). */
export const DRAFT_AGEING_DAYS = 7;
/** Without a previous visit (a user's first sign-in), "since the last visit" covers this many days. */
export const FIRST_VISIT_DAYS = 7;
const LIST_LIMIT = 5;

export type Dashboard = {
  total: number;
  counts: { status: OfferStatus; count: number }[];
  needsAction: { rejected: DashboardOffer[]; rejectedTotal: number; agedDrafts: DashboardOffer[]; agedDraftTotal: number; draftOlderThan: Date };
  changes: { since: Date; firstVisit: boolean; rows: DashboardOffer[]; total: number };
};

export async function loadDashboard(tenant: Tenant, previousVisitAt: Date | null, now: Date = new Date()): Promise<Dashboard> {
  const db = getDb();
  const byStatus = await countOffersByStatus(db, tenant);
  const counts = OFFER_STATUSES.map((status) => ({ status, count: byStatus[status] ?? 0 }));
  const draftOlderThan = new Date(now.getTime() - DRAFT_AGEING_DAYS * DAY_MS);
  const needs = await listNeedsAction(db, tenant, draftOlderThan, LIST_LIMIT);
  const firstVisit = previousVisitAt === null;
  const since = previousVisitAt ?? new Date(now.getTime() - FIRST_VISIT_DAYS * DAY_MS);
  const changes = await listChangedSince(db, tenant, since, LIST_LIMIT);
  return {
    total: counts.reduce((sum, c) => sum + c.count, 0),
    counts,
    needsAction: { ...needs, rejectedTotal: byStatus.rejected ?? 0, draftOlderThan },
    changes: { since, firstVisit, ...changes },
  };
}
