import 'server-only';
import { and, asc, desc, eq, ilike, inArray, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../client';
import { dealers, offers, offerSearch, type StoredStatusEntry } from '../schema';
import { searchPattern } from './offers-list';
import { queueFilterConditions, queuePageQueries, queueRowColumns, type QueueFilters } from './operator';
import type { Environment, OfferStatus } from '@/lib/shared/model';

// The operator console's work queues across dealers and environments: every status that waits on
// someone, and a search over all offers. Operator code only (the console checks the role first).

export const WORK_QUEUES = ['decision', 'rejected', 'employer', 'search'] as const;
export type WorkQueue = (typeof WORK_QUEUES)[number];

/** The status each waiting queue holds (the search holds every status). */
export const QUEUE_STATUS: Record<Exclude<WorkQueue, 'search'>, OfferStatus> = {
  decision: 'operator_decision_pending',
  rejected: 'rejected',
  employer: 'employer_decision_pending',
};

/** Offers wait for the employer "too long" after this many days (the queue's default age). */
export const EMPLOYER_OVERDUE_DAYS = 3;

export type WorkFilters = QueueFilters & {
  queue: WorkQueue;
  /** Waiting at least this long (status changed at or before `now - minAgeMs`). */
  minAgeMs?: number;
  /** Search: offer number, external offer id, customer name or e-mail (part of it, any case). */
  text?: string;
  /** Search: one status. */
  status?: OfferStatus;
  now?: Date;
};

/** The columns a queue can be sorted by (`waiting`: the longest-waiting first when ascending). */
export const WORK_SORTS = ['waiting', 'offerNumber', 'dealer', 'customer', 'total'] as const;
export type WorkSort = (typeof WORK_SORTS)[number];

const SORT_COLUMNS = {
  waiting: offers.statusChangedAt,
  offerNumber: offers.offerNumber,
  dealer: dealers.name,
  customer: offers.customerName,
  total: offers.totalPriceGross,
} as const;

export type WorkOffer = {
  id: string;
  offerNumber: string;
  externalOfferId: string;
  dealerId: string;
  dealerName: string;
  environment: Environment;
  status: OfferStatus;
  customerName: string;
  customerEmail: string;
  productBrandName: string | null;
  productModelName: string | null;
  totalPriceGross: string;
  statusErrors: StoredStatusEntry[];
  statusChangedAt: Date;
};

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

export function workWhere(f: WorkFilters): SQL | undefined {
  const now = f.now ?? new Date();
  const status = f.queue === 'search' ? f.status : QUEUE_STATUS[f.queue];
  const minAgeMs = f.minAgeMs ?? (f.queue === 'employer' ? EMPLOYER_OVERDUE_DAYS * 86_400_000 : undefined);
  const text = f.text?.trim();
  const like = text ? `%${escapeLike(text)}%` : undefined;
  // Name, offer number, brand and model as the dealers' lists search them: by the folded search key
  // (accents and case ignored, "mueller" finds Müller; offer_search's trigram index); the external
  // id and the e-mail as they are, case ignored.
  const folded = text ? sql`${offers.id} in (select ${offerSearch.offerId} from ${offerSearch} where ${offerSearch.searchKey} like spoke_fold(${searchPattern(text)}))` : undefined;
  return and(
    status ? eq(offers.status, status) : undefined,
    ...queueFilterConditions(f),
    minAgeMs !== undefined && minAgeMs > 0 ? lt(offers.statusChangedAt, new Date(now.getTime() - minAgeMs)) : undefined,
    like
      ? or(
          folded,
          ilike(offers.externalOfferId, like),
          ilike(offers.customerEmail, like),
        )
      : undefined,
  );
}

/** One page of a queue, the longest-waiting first, and how many offers the queue holds. */
export async function listWorkQueue(
  db: Executor,
  f: WorkFilters & { limit: number; offset: number; sortBy?: WorkSort; order?: 'asc' | 'desc' },
): Promise<{ rows: WorkOffer[]; total: number }> {
  const columns = { ...queueRowColumns, status: offers.status, totalPriceGross: offers.totalPriceGross, statusChangedAt: offers.statusChangedAt };
  const column = SORT_COLUMNS[f.sortBy ?? 'waiting'];
  const queries = queuePageQueries(db, columns, workWhere(f), f, [f.order === 'desc' ? desc(column) : asc(column)]);
  const [rows, [count]] = await Promise.all([queries.rows, queries.count]);
  return { rows: rows as WorkOffer[], total: Number(count?.total ?? 0) };
}

/**
 * How many offers each waiting queue holds now (the navigation's counts), in the environment the
 * caller names for each: counted by `workWhere`, the very conditions its page lists by.
 */
export async function workQueueCounts(
  db: Executor,
  environmentOf: (queue: Exclude<WorkQueue, 'search'>) => Environment | undefined,
  now = new Date(),
): Promise<Record<Exclude<WorkQueue, 'search'>, number>> {
  const counted = (queue: Exclude<WorkQueue, 'search'>) => sql<number>`count(*) filter (where ${workWhere({ queue, environment: environmentOf(queue), now })})::int`;
  const [row] = await db
    .select({ decision: counted('decision'), rejected: counted('rejected'), employer: counted('employer') })
    .from(offers)
    .where(inArray(offers.status, Object.values(QUEUE_STATUS)));
  return { decision: Number(row?.decision ?? 0), rejected: Number(row?.rejected ?? 0), employer: Number(row?.employer ?? 0) };
}

/** Offer numbers of the given ids (for the result lines of a bulk action). */
export async function offerNumbersOf(db: Executor, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select({ id: offers.id, offerNumber: offers.offerNumber }).from(offers).where(inArray(offers.id, ids));
  return new Map(rows.map((r) => [r.id, r.offerNumber]));
}
