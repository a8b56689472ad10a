import 'server-only';
import { getDb } from '@/lib/database';
import {
  countWaitingRequests,
  findEmployerRequest,
  findEmployerRequestByOffer,
  findOpenRequest,
  listDecidedRequests,
  listWaitingRequests,
  type EmployerRequestRow,
} from '@/db/repositories/employer-requests';
import type { RequestSnapshotItem } from '@/db/schema';
import { findEmployerMailSettings, updateEmployerMailSettings } from '@/db/repositories/notifications';
import { findOffer } from '@/db/repositories/offers';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/auth/authenticate';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import { takeStepInTransaction } from '@/lib/offers/use-cases/transition-offer';
import { policyReport, type PolicyCheck } from '@/lib/orders/policy';
import type { LeaseTerms } from '@/lib/shared/model';
import { orderTexts } from '@/lib/orders/texts';
import { UUID_PATTERN } from '@/lib/shared/validation';

// The employer's face (/employer): the requests of its own employees — waiting ones oldest first,
// decided ones — its decision on one, and its rules, read-only. Every read and change is scoped by
// the signed-in HR staff member's employer: another employer's request is "not found".

/** A signed-in member of an employer's HR staff. */
export type EmployerStaff = { id: string; name: string; email: string; employerId: string; employerName: string };

/** The actor of an HR staff member's decisions, as the history names them: "Hanna HR (Acme GmbH)". */
export function employerActor(staff: EmployerStaff): Actor {
  return { type: 'employer', id: staff.id, name: `${staff.name} (${staff.employerName})` };
}

export type RequestItem = { category: string; brandName: string | null; modelName: string | null; priceGross: number | null };

/** Where a request stands: open (waiting for the employer), decided, or closed by another step (the offer canceled). */
export type RequestState = 'open' | 'approved' | 'declined' | 'closed';

export type EmployerRequest = {
  requestId: string;
  offerId: string;
  offerNumber: string;
  sandbox: boolean;
  state: RequestState;
  /** The status the request left the offer in (employer_decision_pending while open). */
  status: OfferStatus;
  employee: { name: string; email: string };
  dealerName: string;
  bicycle: RequestItem;
  accessories: RequestItem[];
  totalPriceGross: number;
  deliveryDate: string | null;
  submittedAt: string;
  closedAt: string | null;
  decision: { approved: boolean; decidedAt: string; decidedBy: string; reason: string | null } | null;
  checks: { rule: PolicyCheck['rule']; passed: boolean; text: string }[];
  passed: boolean;
  /** The lease terms kept at submission: what the employee ordered under (null on older requests). */
  leaseTerms: LeaseTerms | null;
};

const STATUS_OF: Record<RequestState, OfferStatus> = {
  open: 'employer_decision_pending',
  approved: 'operator_decision_pending',
  declined: 'rejected',
  closed: 'canceled',
};

/** A request as the employer's face shows it: its snapshot (never the live offer) and its decision. */
async function present(row: EmployerRequestRow, lang: Lang): Promise<EmployerRequest> {
  const catalogue = await loadCatalogue();
  const category = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : code;
  };
  const snap = row.snapshot;
  const state: RequestState = row.closedAt === null ? 'open' : row.approved === null ? 'closed' : row.approved ? 'approved' : 'declined';
  // The rules are checked against what was submitted, while the request is open.
  const report =
    state === 'open'
      ? await policyReport(getDb(), {
          customerEmail: snap.employee.email,
          productBidexCode: snap.bicycle.bidexCode,
          productBrandName: snap.bicycle.brandName,
          productModelName: snap.bicycle.modelName,
          accessories: snap.accessories.map((a) => ({ ...a, listPriceGross: null, priceGross: a.priceGross === null ? null : String(a.priceGross) })),
          totalPriceGross: String(snap.totalPriceGross),
        })
      : null;
  const item = (i: RequestSnapshotItem): RequestItem => ({ category: category(i.bidexCode), brandName: i.brandName, modelName: i.modelName, priceGross: i.priceGross });
  return {
    requestId: row.requestId,
    offerId: row.offerId,
    offerNumber: snap.offerNumber,
    sandbox: row.environment === 'sandbox',
    state,
    status: STATUS_OF[state],
    employee: { ...snap.employee },
    dealerName: row.dealerName,
    bicycle: item(snap.bicycle),
    accessories: snap.accessories.map(item),
    totalPriceGross: snap.totalPriceGross,
    deliveryDate: snap.deliveryDate,
    submittedAt: row.submittedAt.toISOString(),
    closedAt: row.closedAt?.toISOString() ?? null,
    decision:
      row.decidedAt && row.approved !== null
        ? { approved: row.approved, decidedAt: row.decidedAt.toISOString(), decidedBy: row.decidedBy ?? '', reason: row.reason ? row.reason[lang] : null }
        : null,
    checks: report ? report.checks.map((c) => ({ rule: c.rule, passed: c.passed, text: c.text[lang] })) : [],
    passed: report ? report.passed : true,
    leaseTerms: row.leaseTerms,
  };
}

/** The requests waiting for the employer's decision, oldest first, each with the rules' checks. */
export async function waitingRequests(staff: EmployerStaff, lang: Lang): Promise<EmployerRequest[]> {
  const rows = await listWaitingRequests(getDb(), staff.employerId);
  return Promise.all(rows.map((r) => present(r, lang)));
}

export async function waitingCount(staff: EmployerStaff): Promise<number> {
  return countWaitingRequests(getDb(), staff.employerId);
}

/** The employer's closed requests, newest first, a page at a time, narrowed by decision and words. */
export async function decidedRequests(staff: EmployerStaff, lang: Lang, page: { limit: number; offset: number; decision?: 'approved' | 'declined'; q?: string }) {
  const { rows, total } = await listDecidedRequests(getDb(), staff.employerId, page);
  return { requests: await Promise.all(rows.map((r) => present(r, lang))), total };
}


/**
 * One request of the employer's by its id (the HR mail's link), or null — for another employer's
 * request as for none. An offer's id (the links of mails sent before requests had pages of their
 * own) opens the employer's newest request of that offer.
 */
export async function employerRequest(staff: EmployerStaff, id: string, lang: Lang): Promise<EmployerRequest | null> {
  if (!UUID_PATTERN.test(id)) return null;
  const db = getDb();
  const row = (await findEmployerRequest(db, staff.employerId, id)) ?? (await findEmployerRequestByOffer(db, staff.employerId, id));
  return row ? present(row, lang) : null;
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * The employer's decision on one of its requests, named by id: approve (→ operator_decision_pending,
 * the employer's rules checked again) or decline with a reason (→ rejected; the reason in the
 * offer's status errors). Applies only while it is the offer's open request: a closed one (decided,
 * or the offer moved on) answers 409 CONFLICT and changes nothing. One transaction with its
 * history entry naming the staff member and employer.
 */
export async function decideRequest(staff: EmployerStaff, requestId: string, decision: Decision): Promise<{ status: OfferStatus }> {
  return getDb().transaction(async (tx) => {
    const found = UUID_PATTERN.test(requestId) ? await findEmployerRequest(tx, staff.employerId, requestId) : undefined;
    if (!found) notFound();
    const tenant = { dealerId: found.dealerId, environment: found.environment };
    // The offer's row first (the lock every step takes), then the request as it is now.
    const offer = await findOffer(tx, tenant, found.offerId, { lock: true });
    if (!offer) notFound();
    const request = (await findEmployerRequest(tx, staff.employerId, requestId))!;
    const open = await findOpenRequest(tx, offer.id);
    if (request.closedAt !== null || open?.id !== request.requestId || offer.status !== 'employer_decision_pending') {
      throw new ApiError('CONFLICT', { text: orderTexts.requestNotOpen, details: `request ${request.requestId} is closed` });
    }
    const reason = decision.approve ? undefined : { de: decision.reason, en: decision.reason };
    await takeStepInTransaction(tx, tenant, employerActor(staff), offer, decision.approve ? 'employer_approve' : 'employer_decline', { reason });
    return { status: (decision.approve ? 'operator_decision_pending' : 'rejected') as OfferStatus };
  });
}


/** The staff member's mail settings (new requests by mail, the mail language). */
export async function mailSettings(staff: EmployerStaff): Promise<{ newRequests: boolean; lang: 'de' | 'en' }> {
  const found = await findEmployerMailSettings(getDb(), { userId: staff.id, employerId: staff.employerId });
  if (!found) notFound();
  return { newRequests: found.newRequests, lang: found.lang === 'en' ? 'en' : 'de' };
}

export async function setMailSettings(staff: EmployerStaff, settings: { newRequests: boolean; lang: 'de' | 'en' }) {
  if (!(await updateEmployerMailSettings(getDb(), { userId: staff.id, employerId: staff.employerId }, settings))) notFound();
  return settings;
}
