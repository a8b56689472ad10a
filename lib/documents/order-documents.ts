import 'server-only';
import { findDealerLetterhead } from '@/db/repositories/dealers';
import { findOffer } from '@/db/repositories/offers';
import { ordersOf, type OrderView } from '@/db/repositories/purchase-orders';
import { getDb } from '@/lib/database';
import { notFound } from '@/lib/api/errors';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { offerAnswer } from '@/lib/leasing/offer-lease';
import { operatorDetails } from '@/lib/legal/operator';
import type { Tenant } from '@/lib/shared/model';
import { handoverConfirmationPdf, purchaseOrderPdf, type OrderDocumentInput } from './order-pdfs';

// The documents of an offer's purchase order, read for its dealer (the /v1 download, scoped by
// dealer and environment) or for the mail that carries them (the order names its own tenant).

export type MailAttachment = { filename: string; content: Buffer; contentType: 'application/pdf' };

const fileName = (lang: Lang, key: 'handover' | 'purchaseOrder', offerNumber: string) => `${catalogueTranslator(lang)(`document.${key}.fileName`)}-${offerNumber}.pdf`;

/** What every order document prints of the offer, in `lang`; undefined without the offer or its order. */
async function documentInput(tenant: Tenant, offerId: string, lang: Lang): Promise<{ base: OrderDocumentInput; order: OrderView } | undefined> {
  const db = getDb();
  const record = await findOffer(db, tenant, offerId);
  const order = record ? (await ordersOf(db, [offerId])).get(offerId) : undefined;
  if (!record || !order) return undefined;
  const [offer, letterhead, catalogue] = await Promise.all([offerAnswer(db, record, lang), findDealerLetterhead(db, tenant.dealerId), loadCatalogue()]);
  const categoryName = (code: string) => {
    const node = catalogue.get(code);
    return node ? (lang === 'en' ? node.nameEn : node.nameDe) : undefined;
  };
  return { base: { offer, dealer: letterhead ?? { name: '', address: null }, categoryName, lang }, order };
}

async function purchaseOrderFile(tenant: Tenant, offerId: string, lang: Lang): Promise<MailAttachment | undefined> {
  const input = await documentInput(tenant, offerId, lang);
  if (!input) return undefined;
  const operator = operatorDetails();
  const content = await purchaseOrderPdf({ ...input.base, operator: { name: operator.name, address: operator.addressLines.join('\n') }, orderedAt: input.order.createdAt });
  return { filename: fileName(lang, 'purchaseOrder', input.base.offer.offerNumber), content, contentType: 'application/pdf' };
}

/** The purchase order of the tenant's offer (GET /v1/offers/{id}/order/document); 404 before done. */
export async function purchaseOrderDocument(tenant: Tenant, offerId: string, lang: Lang): Promise<{ fileName: string; content: Buffer }> {
  const file = await purchaseOrderFile(tenant, offerId, lang);
  if (!file) notFound();
  return { fileName: file.filename, content: file.content };
}

/** The purchase order attached to a dealer user's "order received" mail, in the user's language. */
export async function purchaseOrderAttachments(order: Pick<OrderView, 'offerId' | 'dealerId' | 'environment'>, lang: Lang): Promise<MailAttachment[]> {
  const file = await purchaseOrderFile(order, order.offerId, lang);
  return file ? [file] : [];
}

/**
 * The handover confirmation attached to the employee's mail: the employee has no language setting,
 * so, like the mail, it comes in German and in English (two files, German first).
 */
export async function handoverConfirmationAttachments(order: Pick<OrderView, 'offerId' | 'dealerId' | 'environment'>): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const lang of ['de', 'en'] as const) {
    const input = await documentInput(order, order.offerId, lang);
    if (!input || !input.order.handedOverOn) return [];
    const content = await handoverConfirmationPdf({ ...input.base, order: input.order, terms: input.order.leaseTerms ?? input.base.offer.leaseTerms ?? null });
    out.push({ filename: fileName(lang, 'handover', input.base.offer.offerNumber), content, contentType: 'application/pdf' });
  }
  return out;
}
