import 'server-only';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import { catalogue, catalogueTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type { OfferResponse } from '@/lib/offers/contract/serialize';
import { formatDate, formatMoney, statusLabel } from '@/lib/portal/i18n';
import { legalUrls, operatorDetails } from '@/lib/legal/operator';
import { drawLeaseSection } from './lease-section';
import { typeset, selectFont } from './pdf-font';

// The offer document: a PDF made on the server in the documents' embedded font stack (DejaVu Sans,
// then Noto Sans SC; lib/documents/pdf-font.ts), every text of the data run through `typeset`, so
// a character without a glyph prints as a visible "�", never as another letter. A sandbox offer's
// document says on every page that it is a test. Rows that do not fit
// the page start the next one whole; every page has the footer with its number and the leasing
// operator with its Impressum and privacy notice. The QR code leads
// the customer to the offer's order page (a fresh link is mailed to the offer's customer address);
// the same address is a link over the code and printed beside it.

export type OfferDocumentInput = {
  offer: OfferResponse;
  dealer: { name: string; address: string | null };
  /** Category names by code, in the document's language. */
  categoryName: (code: string) => string | undefined;
  /** The QR code's target: where the customer asks for the link to the offer. */
  qrUrl: string;
  lang: Lang;
  now?: Date;
};

/** The document's words in `lang` (messages/<lang>/document.json, `offer`). */
function wordsOf(lang: Lang) {
  const t = catalogueTranslator(lang);
  const keys = Object.keys(catalogue.de.document.offer).filter((k) => k !== 'pageOf' && k !== 'legal') as Exclude<keyof typeof catalogue.de.document.offer, 'pageOf' | 'legal'>[];
  const words = Object.fromEntries(keys.map((k) => [k, t(`document.offer.${k}`)])) as Record<(typeof keys)[number], string>;
  const operator = operatorDetails();
  const legal = t('document.offer.legal', { operator: operator.name, address: operator.addressLines.join(', '), ...legalUrls() });
  return { ...words, legal, pageOf: (n: number, total: number) => t('document.offer.pageOf', { n, total }) };
}

const LEFT = 50;
const WIDTH = 495; // A4 (595 pt) minus margins
const AMOUNT_X = 415;
const AMOUNT_W = 130;
const LABEL_W = 140;
const VALUE_X = LEFT + 150;
const FOOTER_Y = 800;

/** Changes whenever the same data would print differently (part of the document's ETag). */
export const DOCUMENT_LAYOUT_VERSION = 4;

/** The offer document as PDF bytes. */
export async function offerPdf(input: OfferDocumentInput): Promise<Buffer> {
  const { offer, lang } = input;
  const t = wordsOf(lang);
  const money = (v: number | undefined) => formatMoney(v ?? 0, lang);
  const qr = await QRCode.toBuffer(input.qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    bufferPages: true,
    info: { Title: `${t.title} ${offer.offerNumber}`, Author: input.dealer.name.normalize('NFC'), Subject: `${t.title} ${offer.offerNumber}`, Creator: 'Spoke' },
    lang: lang === 'de' ? 'de-DE' : 'en-GB',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Dealer (sender) and the QR code at the top.
  const sandbox = offer.environment === 'sandbox';
  const top = sandbox ? 70 : 50;
  const dealerName = typeset(doc, input.dealer.name, 'bold');
  doc.fontSize(14).text(dealerName, LEFT, top, { width: 330 });
  for (const line of input.dealer.address?.split(/\r?\n/).filter((l) => l.trim()) ?? []) doc.fontSize(9).text(typeset(doc, line), { width: 330 });
  const qrSize = 96;
  const qrX = LEFT + WIDTH - qrSize;
  doc.image(qr, qrX, top - 5, { width: qrSize, height: qrSize });
  doc.link(qrX, top - 5, qrSize, qrSize, input.qrUrl);
  selectFont(doc).fontSize(7).text(t.qr, qrX - 60, top - 5 + qrSize + 2, { width: qrSize + 60, align: 'right' });
  doc.text(input.qrUrl, qrX - 60, doc.y, { width: qrSize + 60, align: 'right', link: input.qrUrl });

  // Title and key facts.
  selectFont(doc, 'bold').fontSize(20).text(`${t.title} ${offer.offerNumber}`, LEFT, Math.max(top + 125, doc.y + 12));
  doc.moveDown(0.3);
  const facts: [string, string][] = [
    [t.offerNumber, offer.offerNumber],
    [t.ownNumber, offer.externalOfferId],
    [t.date, formatDate((input.now ?? new Date()).toISOString(), lang)],
    [t.status, statusLabel(offer.status.current.code, lang)],
    [t.customer, `${offer.customerName} <${offer.customerEmail}>`],
  ];
  keyValues(doc, facts);

  // The bicycle with all its data.
  section(doc, t.bicycle);
  const p = offer.product;
  const category = input.categoryName(p.bidexCode);
  keyValues(
    doc,
    (
      [
        [t.category, category ? `${category} (${p.bidexCode})` : p.bidexCode],
        [t.brand, p.brandName],
        [t.model, p.modelName],
        [t.modelYear, p.modelYear],
        [t.color, p.color],
        [t.size, p.size],
        [t.drive, p.driveManufacturer],
        [t.battery, p.batteryCapacity],
        [t.listPrice, p.listPriceGross === undefined ? undefined : money(p.listPriceGross)],
      ] as [string, string | undefined][]
    ).filter((kv): kv is [string, string] => !!kv[1]),
  );

  // Positions with amounts: the bicycle, then its accessories under their own heading, then the services.
  section(doc, t.positions);
  amountLine(doc, `${t.bicycle}: ${[p.brandName, p.modelName].filter(Boolean).join(' ') || (category ?? p.bidexCode)}`, p.priceGross === undefined ? '—' : money(p.priceGross));
  doc.moveDown(0.3);
  roomFor(doc, 30);
  selectFont(doc, 'bold').fontSize(10).fillColor('#000000').text(t.accessories, LEFT, doc.y);
  const accessories = offer.accessory ?? [];
  if (accessories.length === 0) selectFont(doc).fontSize(10).text(t.noAccessories, LEFT);
  for (const a of accessories) {
    const name = input.categoryName(a.bidexCode) ?? a.bidexCode;
    amountLine(doc, `${name}: ${[a.brandName, a.modelName].filter(Boolean).join(' ') || '—'}`, a.priceGross === undefined ? '—' : money(a.priceGross));
  }
  doc.moveDown(0.3);
  amountLine(doc, offer.withShipping ? t.shipping : t.noShipping, money(offer.withShipping ? (offer.shippingCostGross ?? 0) : 0));
  amountLine(doc, t.installation, money(offer.installationCostGross ?? 0));
  roomFor(doc, 30);
  doc.moveTo(LEFT, doc.y + 2).lineTo(LEFT + WIDTH, doc.y + 2).stroke();
  doc.moveDown(0.4);
  amountLine(doc, t.total, money(offer.totalPriceGross), true);
  if (offer.leaseTerms) {
    drawLeaseSection(
      {
        section: (title) => section(doc, title),
        amountLine: (label, amount, bold) => amountLine(doc, label, amount, bold),
        note: (text) => {
          const line = typeset(doc, text);
          doc.fontSize(8).fillColor('#444444').text(line, LEFT, doc.y + 4, { width: WIDTH }).fillColor('#000000');
        },
      },
      offer.leaseTerms,
      lang,
    );
  }

  if (offer.deliveryDate) {
    doc.moveDown(0.6);
    keyValues(doc, [[t.delivery, formatDate(offer.deliveryDate, lang)]]);
  }
  if (offer.notes) {
    section(doc, t.notes);
    // Flowing text: pdfkit continues it on the next page by itself.
    const notes = typeset(doc, offer.notes, 'regular', { lineBreaks: true });
    doc.fontSize(10).text(notes, LEFT, doc.y, { width: WIDTH });
  }

  // The footer of every page sits in its bottom margin (without the margin pdfkit would start a page).
  const { start, count } = doc.bufferedPageRange();
  for (let i = start; i < start + count; i++) {
    doc.switchToPage(i);
    doc.page.margins.bottom = 0;
    if (sandbox) testMark(doc, t.sandbox);
    // Who is behind the offer: the leasing operator, its Impressum and privacy notice.
    selectFont(doc).fontSize(6.5).fillColor('#555555').text(typeset(doc, t.legal), LEFT, FOOTER_Y - 12, { width: WIDTH, align: 'center', lineBreak: false });
    selectFont(doc)
      .fontSize(7)
      .fillColor('#555555')
      .text(`${t.page} · ${offer.offerNumber} · ${t.pageOf(i - start + 1, count)}`, LEFT, FOOTER_Y, { width: WIDTH, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

/** Starts a new page unless `height` more points fit above the bottom margin. */
export function roomFor(doc: PDFKit.PDFDocument, height: number) {
  if (doc.y + height > doc.page.height - doc.page.margins.bottom) doc.addPage();
}

/** The sandbox's mark: a band across the top of the page, in the document's language. */
export function testMark(doc: PDFKit.PDFDocument, text: string) {
  doc.save().rect(0, 0, doc.page.width, 40).fill('#fde68a').restore();
  selectFont(doc, 'bold').fontSize(12).fillColor('#7c2d12').text(text, LEFT, 14, { width: WIDTH, align: 'center', lineBreak: false });
  doc.fillColor('#000000');
}

export function section(doc: PDFKit.PDFDocument, title: string) {
  doc.moveDown(0.8);
  // A heading never stands alone at the foot of a page: room for it and a line of what follows.
  roomFor(doc, 40);
  selectFont(doc, 'bold').fontSize(12).fillColor('#000000').text(title, LEFT, doc.y);
  doc.moveDown(0.2);
}

/** Label and value side by side; a row that does not fit starts the next page whole. */
export function keyValues(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  for (const [k, raw] of rows) {
    const labelHeight = selectFont(doc).fontSize(10).heightOfString(k, { width: LABEL_W });
    const v = typeset(doc, raw);
    roomFor(doc, Math.max(labelHeight, doc.heightOfString(v, { width: WIDTH - 150 })));
    const y = doc.y;
    selectFont(doc).fillColor('#444444').text(k, LEFT, y, { width: LABEL_W });
    const after = doc.y;
    typeset(doc, raw);
    doc.fillColor('#000000').text(v, VALUE_X, y, { width: WIDTH - 150 });
    doc.y = Math.max(after, doc.y);
  }
}

/** A position and its amount side by side; a row that does not fit starts the next page whole. */
export function amountLine(doc: PDFKit.PDFDocument, raw: string, amount: string, bold = false) {
  const text = typeset(doc, raw, bold ? 'bold' : 'regular');
  doc.fontSize(10).fillColor('#000000');
  roomFor(doc, doc.heightOfString(text, { width: AMOUNT_X - LEFT - 10 }));
  const y = doc.y;
  doc.text(text, LEFT, y, { width: AMOUNT_X - LEFT - 10 });
  const after = doc.y;
  selectFont(doc, bold ? 'bold' : 'regular').text(amount, AMOUNT_X, y, { width: AMOUNT_W, align: 'right' });
  doc.y = Math.max(after, doc.y);
}
