import 'server-only';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOffer } from '@/db/repositories/offers';
import { getDb } from '@/lib/database';
import { ApiError } from '@/lib/api/errors';
import type { Actor } from '@/lib/auth/authenticate';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { linkEndTexts, type Lang, type Text } from '@/lib/i18n/messages';
import type { OfferStatus } from '@/lib/offers/rules/lifecycle';
import { entryText } from '@/lib/offers/contract/status';
import { leaseTermsOfOffer } from '@/lib/leasing/offer-lease';
import type { LeaseTerms } from '@/lib/shared/model';
import { takeStepInTransaction } from '@/lib/offers/use-cases/transition-offer';
import { openCustomerLink, type LinkEnd } from './customer-link';
import { policyReport, type PolicyCheck } from './policy';

// The customer's page of one offer, opened with the dealer's link, and the two order steps taken
// there (start, submit). Nothing but that offer — and of it only what the customer needs — is read
// with a link.

export type CustomerItem = { category: string; brandName: string | null; modelName: string | null; priceGross: number | null };

export type CustomerOfferView = {
  offerNumber: string;
  status: OfferStatus;
  sandbox: boolean;
  customerName: string;
  dealer: { name: string; address: string | null };
  bicycle: CustomerItem & { modelYear: string | null; color: string | null; size: string | null };
  accessories: CustomerItem[];
  shippingCostGross: number | null;
  installationCostGross: number | null;
  totalPriceGross: number;
  deliveryDate: string | null;
  employer: string | null;
  checks: { rule: PolicyCheck['rule']; passed: boolean; text: string }[];
  /** The reasons of a decline (the employer's or the operator's), when declined. */
  declined: string[];
  linkExpiresAt: string;
  /** What the lease costs a month (null: the customer is registered with no employer). */
  leaseTerms: LeaseTerms | null;
};

const money = (v: string | number | null) => (v === null ? null : Number(v));

export type CustomerPage = { view: CustomerOfferView } | { end: LinkEnd; offerId?: string };

/** What the link's page shows in `lang`, or why the link no longer opens it. */
export async function customerOfferPage(token: unknown, address: string, lang: Lang): Promise<CustomerPage> {
  const db = getDb();
  const opened = await openCustomerLink(db, token, address);
  if ('end' in opened) return opened;
  const { link, offer } = opened;
  const [dealer, catalogue, report, leaseTerms] = await Promise.all([
    findDealerLetterhead(db, link.dealerId),
    loadCatalogue(),
    policyReport(db, offer),
    leaseTermsOfOffer(db, offer),
  ]);
  const category = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : code;
  };
  const declined = (offer.status === 'rejected' ? offer.statusErrors : [])
    .filter((e) => e.code === 'EMPLOYER_DECLINED' || e.code === 'OPERATOR_DECLINED')
    .map((e) => entryText(e)[lang]);
  return {
    view: {
      offerNumber: offer.offerNumber,
      status: offer.status as OfferStatus,
      sandbox: offer.environment === 'sandbox',
      customerName: offer.customerName,
      dealer: dealer ?? { name: '', address: null },
      bicycle: {
        category: category(offer.productBidexCode),
        brandName: offer.productBrandName,
        modelName: offer.productModelName,
        modelYear: offer.productModelYear,
        color: offer.productColor,
        size: offer.productSize,
        priceGross: money(offer.productPriceGross),
      },
      accessories: offer.accessories.map((a) => ({ category: category(a.bidexCode), brandName: a.brandName, modelName: a.modelName, priceGross: money(a.priceGross) })),
      shippingCostGross: offer.withShipping ? money(offer.shippingCostGross) : null,
      installationCostGross: money(offer.installationCostGross),
      totalPriceGross: Number(offer.totalPriceGross),
      deliveryDate: offer.deliveryDate?.toISOString() ?? null,
      employer: report.employer?.name ?? null,
      checks: report.checks.map((c) => ({ rule: c.rule, passed: c.passed, text: c.text[lang] })),
      declined,
      linkExpiresAt: link.expiresAt.toISOString(),
      leaseTerms: leaseTerms ?? null,
    },
  };
}

const END_TEXTS: Record<LinkEnd, Text> = linkEndTexts;

/**
 * The customer starts (`start_order`) or submits (`submit_order`) the order of the link's offer:
 * one transaction with its history entry naming the customer; the employer's rules are checked in
 * it (409 ORDER_NOT_ALLOWED, nothing moves). A link that no longer opens its offer answers 404
 * (429 when the address has tried too often), `details` saying why.
 */
export async function customerStep(token: unknown, action: 'start_order' | 'submit_order', address: string): Promise<{ status: OfferStatus }> {
  return getDb().transaction(async (tx) => {
    const opened = await openCustomerLink(tx, token, address, { lock: true });
    if ('end' in opened) {
      throw new ApiError(opened.end === 'throttled' ? 'TOO_MANY_REQUESTS' : 'NOT_FOUND', { text: END_TEXTS[opened.end], details: opened.end });
    }
    const { link, offer } = opened;
    const actor: Actor = { type: 'customer', id: link.id, name: offer.customerName };
    await takeStepInTransaction(tx, link, actor, offer, action);
    const after = await findOffer(tx, link, offer.id);
    return { status: after!.status as OfferStatus };
  });
}
