import 'server-only';
import PDFDocument from 'pdfkit';
import { catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import { formatDate, formatMoney } from '@/lib/portal/i18n';
import type { LeaseTerms } from '@/lib/shared/model';
import { drawLeaseSection } from './lease-section';
import { amountLine, keyValues, roomFor, section, testMark } from './offer-pdf';
import { selectFont, typeset } from './pdf-font';

// The documents of a purchase order, in the offer document's embedded font stack and layout
// (lib/documents/offer-pdf.ts): the employee's handover confirmation (the bicycle, its frame and
// battery numbers, the day, the dealer, the lease's dates and monthly amounts) and the dealer's
// purchase order (the operator buys the offer's bicycle and accessories for its total). Days are
// Berlin days as stored; amounts in the document's language. A sandbox document says on every
// page that it is a test.

const LEFT = 50;
const WIDTH = 495;
const FOOTER_Y = 800;

type Party = { name: string; address: string | null };

export type OrderDocumentInput = {
  offer: OfferResponse;
  dealer: Party;
  /** Category names by code, in the document's language. */
  categoryName: (code: string) => string | undefined;
  lang: Lang;
};

export type HandoverInput = OrderDocumentInput & {
  order: { handedOverOn: string | null; frameNumber: string | null; batterySerialNumber: string | null; leaseStart: string | null; leaseEnd: string | null };
  /** The lease's terms as ordered (the order's, else the offer's). */
  terms: LeaseTerms | null;
};

export type PurchaseOrderInput = OrderDocumentInput & { operator: Party; orderedAt: Date };

type Words = (key: string, params?: Record<string, string | number>) => string;

/** A new A4 document in `lang` and the promise of its bytes. */
function newDocument(title: string, author: string, lang: Lang) {
  const doc = new PDFDocument({ size: 'A4', margin: 50, bufferPages: true, info: { Title: title, Author: author.normalize('NFC'), Subject: title, Creator: 'Spoke' }, lang: lang === 'de' ? 'de-DE' : 'en-GB' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const bytes = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  return { doc, bytes };
}

/** The address block of a party: its name in bold, then its lines. */
function party(doc: PDFKit.PDFDocument, label: string, p: Party) {
  section(doc, label);
  doc.fontSize(10).text(typeset(doc, p.name, 'bold'), LEFT, doc.y, { width: WIDTH });
  for (const line of p.address?.split(/\s*(?:\r?\n|,)\s*/).filter((l) => l.trim()) ?? []) doc.fontSize(10).text(typeset(doc, line), LEFT, doc.y, { width: WIDTH });
}

const bicycleName = (input: OrderDocumentInput) => {
  const p = input.offer.product;
  const name = [p.brandName, p.modelName].filter(Boolean).join(' ');
  const category = input.categoryName(p.bidexCode) ?? p.bidexCode;
  return name ? `${name} (${category})` : category;
};

/** Title, the sandbox's mark and every page's footer; then the bytes. */
async function finish(doc: PDFKit.PDFDocument, bytes: Promise<Buffer>, offer: OfferResponse, t: Words) {
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    if (offer.environment === 'sandbox') testMark(doc, t('sandbox'));
    selectFont(doc)
      .fontSize(7)
      .fillColor('#555555')
      .text(`${t('page')} · ${offer.offerNumber} · ${i - start + 1}/${count}`, LEFT, FOOTER_Y, { width: WIDTH, align: 'center', lineBreak: false });
  }
  doc.end();
  return bytes;
}

function title(doc: PDFKit.PDFDocument, text: string, sandbox: boolean) {
  selectFont(doc, 'bold').fontSize(20).fillColor('#000000').text(text, LEFT, sandbox ? 70 : 50, { width: WIDTH });
  doc.moveDown(0.4);
}

/** The employee's handover confirmation as PDF bytes. */
export async function handoverConfirmationPdf(input: HandoverInput): Promise<Buffer> {
  const { offer, order, lang } = input;
  const base = catalogueTranslator(lang);
  const t: Words = (key, params) => base(`document.handover.${key}` as never, params);
  const { doc, bytes } = newDocument(`${t('title')} ${offer.offerNumber}`, input.dealer.name, lang);
  title(doc, `${t('title')} ${offer.offerNumber}`, offer.environment === 'sandbox');
  doc.fontSize(10).text(t('intro'), LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.4);
  keyValues(doc, [
    [t('offerNumber'), offer.offerNumber],
    [t('employee'), offer.customerName],
  ]);
  section(doc, t('bicycle'));
  keyValues(doc, [
    [t('bicycle'), bicycleName(input)],
    [t('frameNumber'), order.frameNumber ?? '—'],
    ...(order.batterySerialNumber ? [[t('batterySerialNumber'), order.batterySerialNumber] as [string, string]] : []),
    [t('handedOverOn'), formatDate(order.handedOverOn, lang)],
  ]);
  party(doc, t('dealer'), input.dealer);
  section(doc, t('lease'));
  keyValues(doc, [
    [t('leaseStart'), formatDate(order.leaseStart, lang)],
    [t('leaseEnd'), formatDate(order.leaseEnd, lang)],
  ]);
  if (input.terms) {
    drawLeaseSection(
      {
        section: (heading) => section(doc, heading),
        amountLine: (label, amount, bold) => amountLine(doc, label, amount, bold),
        note: (text) => doc.fontSize(8).fillColor('#444444').text(typeset(doc, text), LEFT, doc.y + 4, { width: WIDTH }).fillColor('#000000'),
      },
      input.terms,
      lang,
    );
  }
  doc.moveDown(1);
  roomFor(doc, 20);
  selectFont(doc).fontSize(9).fillColor('#444444').text(t('keep'), LEFT, doc.y, { width: WIDTH });
  return finish(doc, bytes, offer, t);
}

/** The dealer's purchase order as PDF bytes: the operator buys the offer's positions for its total. */
export async function purchaseOrderPdf(input: PurchaseOrderInput): Promise<Buffer> {
  const { offer, lang } = input;
  const base = catalogueTranslator(lang);
  const t: Words = (key, params) => base(`document.purchaseOrder.${key}` as never, params);
  const money = (v: number | undefined) => (v === undefined ? '—' : formatMoney(v, lang));
  const { doc, bytes } = newDocument(`${t('title')} ${offer.offerNumber}`, input.operator.name, lang);
  title(doc, `${t('title')} ${offer.offerNumber}`, offer.environment === 'sandbox');
  doc.fontSize(10).text(typeset(doc, t('intro', { operator: input.operator.name })), LEFT, doc.y, { width: WIDTH });
  doc.moveDown(0.4);
  keyValues(doc, [
    [t('offerNumber'), offer.offerNumber],
    [t('ownNumber'), offer.externalOfferId],
    [t('orderDate'), formatDate(input.orderedAt.toISOString(), lang)],
    [t('employee'), offer.customerName],
  ]);
  party(doc, t('orderer'), input.operator);
  party(doc, t('supplier'), input.dealer);
  section(doc, t('positions'));
  amountLine(doc, `${t('bicycle')}: ${bicycleName(input)}`, money(offer.product.priceGross));
  const accessories = offer.accessory ?? [];
  if (accessories.length === 0) amountLine(doc, t('noAccessories'), money(0));
  for (const a of accessories) {
    const name = input.categoryName(a.bidexCode) ?? a.bidexCode;
    amountLine(doc, `${t('accessories')}: ${name} ${[a.brandName, a.modelName].filter(Boolean).join(' ')}`.trim(), money(a.priceGross));
  }
  if (offer.withShipping) amountLine(doc, t('shipping'), money(offer.shippingCostGross ?? 0));
  if (offer.installationCostGross) amountLine(doc, t('installation'), money(offer.installationCostGross));
  roomFor(doc, 30);
  doc.moveTo(LEFT, doc.y + 2).lineTo(LEFT + WIDTH, doc.y + 2).stroke();
  doc.moveDown(0.4);
  amountLine(doc, t('total'), money(offer.totalPriceGross), true);
  doc.moveDown(1);
  roomFor(doc, 30);
  selectFont(doc).fontSize(9).fillColor('#444444').text(t('next'), LEFT, doc.y, { width: WIDTH });
  return finish(doc, bytes, offer, t);
}
