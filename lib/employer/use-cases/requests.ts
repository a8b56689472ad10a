import 'server-only';
import { getDb } from '@/lib/database';
import {
  countWaitingRequests,
  findEmployerRequest,
  listDecidedRequests,
  listWaitingRequests,
  type EmployerRequestRow,
} from '@/db/repositories/employer-requests';
import { findEmployer, listEmployers } from '@/db/repositories/employers';
import { findEmployerMailSettings, updateEmployerMailSettings } from '@/db/repositories/notifications';
import { findOffer } from '@/db/repositories/offers';
import { ApiError, notFound } from '@/lib/api/errors';
import type { Actor } from '@/lib/auth/authenticate';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { OfferStatus } from '@/lib/offers/lifecycle';
import { takeStepInTransaction } from '@/lib/offers/transition-offer';
import { policyReport, type PolicyCheck } from '@/lib/orders/policy';
import { termsValues } from '@/lib/leasing/lease-terms';
import type { LeaseTerms } from '@/lib/shared/model';

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

export type EmployerRequest = {
  offerId: string;
  offerNumber: string;
  sandbox: boolean;
  status: OfferStatus;
  employee: { name: string; email: string };
  dealerName: string;
  bicycle: RequestItem;
  accessories: RequestItem[];
  totalPriceGross: number;
  deliveryDate: string | null;
  submittedAt: string;
  decision: { approved: boolean; decidedAt: string; decidedBy: string; reason: string | null } | null;
  checks: { rule: PolicyCheck['rule']; passed: boolean; text: string }[];
  passed: boolean;
  /** The lease terms kept at submission: what the employee ordered under (null on older requests). */
  leaseTerms: LeaseTerms | null;
};

async function present(row: EmployerRequestRow, lang: Lang, withChecks: boolean): Promise<EmployerRequest> {
  const catalogue = await loadCatalogue();
  const category = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : code;
  };
  const o = row.offer;
  const report = withChecks ? await policyReport(getDb(), o) : null;
  return {
    offerId: o.id,
    offerNumber: o.offerNumber,
    sandbox: o.environment === 'sandbox',
    status: o.status as OfferStatus,
    employee: { name: o.customerName, email: o.customerEmail },
    dealerName: row.dealerName,
    bicycle: {
      category: category(o.productBidexCode),
      brandName: o.productBrandName,
      modelName: o.productModelName,
      priceGross: o.productPriceGross === null ? null : Number(o.productPriceGross),
    },
    accessories: o.accessories.map((a) => ({
      category: category(a.bidexCode),
      brandName: a.brandName,
      modelName: a.modelName,
      priceGross: a.priceGross === null ? null : Number(a.priceGross),
    })),
    totalPriceGross: Number(o.totalPriceGross),
    deliveryDate: o.deliveryDate?.toISOString() ?? null,
    submittedAt: row.submittedAt.toISOString(),
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
  return Promise.all(rows.map((r) => present(r, lang, true)));
}

export async function waitingCount(staff: EmployerStaff): Promise<number> {
  return countWaitingRequests(getDb(), staff.employerId);
}

/** The employer's decided requests, newest decision first, a page at a time. */
export async function decidedRequests(staff: EmployerStaff, lang: Lang, page: { limit: number; offset: number }) {
  const { rows, total } = await listDecidedRequests(getDb(), staff.employerId, page);
  return { requests: await Promise.all(rows.map((r) => present(r, lang, false))), total };
}

/** One request of the employer's (the latest for that offer), or null when it has none. */
export async function employerRequest(staff: EmployerStaff, offerId: string, lang: Lang): Promise<EmployerRequest | null> {
  const row = await findEmployerRequest(getDb(), staff.employerId, offerId);
  if (!row) return null;
  return present(row, lang, row.decidedAt === null && row.offer.status === 'employer_decision_pending');
}

export type Decision = { approve: true } | { approve: false; reason: string };

/**
 * The employer's decision on a request waiting for it: approve (→ operator_decision_pending, the
 * employer's rules checked again) or decline with a reason (→ rejected; the reason in the offer's
 * status errors). One transaction with its history entry naming the staff member and employer.
 */
export async function decideRequest(staff: EmployerStaff, offerId: string, decision: Decision): Promise<{ status: OfferStatus }> {
  return getDb().transaction(async (tx) => {
    const request = await findEmployerRequest(tx, staff.employerId, offerId);
    if (!request) notFound();
    const tenant = { dealerId: request.offer.dealerId, environment: request.offer.environment };
    const offer = await findOffer(tx, tenant, offerId, { lock: true });
    if (!offer) notFound();
    if (request.decidedAt !== null || offer.status !== 'employer_decision_pending') {
      throw new ApiError('OFFER_NOT_MODIFIABLE', {
        text: { de: 'Über diese Anfrage ist schon entschieden.', en: 'This request has already been decided.' },
        details: `status ${offer.status}`,
      });
    }
    const reason = decision.approve ? undefined : { de: decision.reason, en: decision.reason };
    await takeStepInTransaction(tx, tenant, employerActor(staff), offer, decision.approve ? 'employer_approve' : 'employer_decline', { reason });
    return { status: (decision.approve ? 'operator_decision_pending' : 'rejected') as OfferStatus };
  });
}

/** The employer's rules as the employer face shows them (read-only; the operator sets them). */
export async function employerRules(staff: EmployerStaff, lang: Lang) {
  const db = getDb();
  const [employer, all, catalogue] = await Promise.all([findEmployer(db, staff.employerId), listEmployers(db), loadCatalogue()]);
  if (!employer) notFound();
  const codes = all.find((e) => e.id === staff.employerId)?.excludedCodes ?? [];
  return {
    name: employer.name,
    excluded: codes.map((code) => {
      const node = catalogue.get(code);
      return { code, name: node ? (lang === 'en' ? node.nameEn : node.nameDe) : code };
    }),
    maxTotalPriceGross: employer.maxTotalPriceGross === null ? null : Number(employer.maxTotalPriceGross),
    leaseTerms: termsValues(employer),
  };
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
