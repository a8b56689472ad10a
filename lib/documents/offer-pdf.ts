import 'server-only';
import PDFDocument from 'pdfkit';
import QRCode from 'qrcode';
import type { Lang } from '@/lib/i18n/messages';
import type { OfferResponse } from '@/lib/offers/serialize';
import { formatDate, formatMoney, statusLabel } from '@/lib/portal/i18n';

// The offer document: a PDF made on the server with the standard PDF fonts (Helvetica, WinAnsi:
// German umlauts, ß and € print as they are). The QR code leads the customer to the offer's order
// page (a fresh link is mailed to the offer's customer address); the same address is a link over the
// code and printed beside it.

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

const TEXT = {
  de: {
    title: 'Angebot',
    offerNumber: 'Angebotsnummer',
    ownNumber: 'Eigene Angebotsnummer',
    date: 'Datum',
    status: 'Status',
    customer: 'Kunde',
    bicycle: 'Fahrrad',
    category: 'Kategorie',
    brand: 'Marke',
    model: 'Modell',
    modelYear: 'Modelljahr',
    color: 'Farbe',
    size: 'Rahmengröße',
    drive: 'Antrieb',
    battery: 'Akkukapazität',
    listPrice: 'Listenpreis',
    price: 'Preis',
    accessories: 'Zubehör',
    noAccessories: 'Kein Zubehör',
    position: 'Position',
    shipping: 'Versand',
    noShipping: 'Abholung (kein Versand)',
    installation: 'Montage',
    delivery: 'Liefertermin',
    total: 'Gesamtpreis (brutto)',
    notes: 'Notizen',
    qr: 'Angebot online ansehen und bestellen:',
    page: 'Erstellt mit Spoke',
  },
  en: {
    title: 'Offer',
    offerNumber: 'Offer number',
    ownNumber: 'Your offer number',
    date: 'Date',
    status: 'Status',
    customer: 'Customer',
    bicycle: 'Bicycle',
    category: 'Category',
    brand: 'Brand',
    model: 'Model',
    modelYear: 'Model year',
    color: 'Colour',
    size: 'Frame size',
    drive: 'Drive',
    battery: 'Battery capacity',
    listPrice: 'List price',
    price: 'Price',
    accessories: 'Accessories',
    noAccessories: 'No accessories',
    position: 'Item',
    shipping: 'Shipping',
    noShipping: 'Collection (no shipping)',
    installation: 'Installation',
    delivery: 'Delivery date',
    total: 'Total price (gross)',
    notes: 'Notes',
    qr: 'See and order the offer online:',
    page: 'Made with Spoke',
  },
} as const;

const LEFT = 50;
const WIDTH = 495; // A4 (595 pt) minus margins
const AMOUNT_X = 415;
const AMOUNT_W = 130;

/** The offer document as PDF bytes. */
export async function offerPdf(input: OfferDocumentInput): Promise<Buffer> {
  const { offer, dealer, lang } = input;
  const t = TEXT[lang];
  const money = (v: number | undefined) => formatMoney(v ?? 0, lang);
  const qr = await QRCode.toBuffer(input.qrUrl, { type: 'png', errorCorrectionLevel: 'M', margin: 2, scale: 4 });

  const doc = new PDFDocument({
    size: 'A4',
    margin: 50,
    info: { Title: `${t.title} ${offer.offerNumber}`, Author: dealer.name, Subject: `${t.title} ${offer.offerNumber}`, Creator: 'Spoke' },
    lang: lang === 'de' ? 'de-DE' : 'en-GB',
  });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  // Dealer (sender) and the QR code at the top.
  doc.font('Helvetica-Bold').fontSize(14).text(dealer.name, LEFT, 50, { width: 330 });
  doc.font('Helvetica').fontSize(9);
  for (const line of (dealer.address ?? '').split('\n').filter(Boolean)) doc.text(line, { width: 330 });
  const qrSize = 96;
  const qrX = LEFT + WIDTH - qrSize;
  doc.image(qr, qrX, 45, { width: qrSize, height: qrSize });
  doc.link(qrX, 45, qrSize, qrSize, input.qrUrl);
  doc.fontSize(7).text(t.qr, qrX - 60, 45 + qrSize + 2, { width: qrSize + 60, align: 'right' });
  doc.text(input.qrUrl, qrX - 60, doc.y, { width: qrSize + 60, align: 'right', link: input.qrUrl });

  // Title and key facts.
  doc.font('Helvetica-Bold').fontSize(20).text(`${t.title} ${offer.offerNumber}`, LEFT, 175);
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

  // Positions with amounts.
  section(doc, t.accessories);
  const lines: [string, number | undefined][] = [];
  lines.push([`${t.bicycle}: ${[p.brandName, p.modelName].filter(Boolean).join(' ') || (category ?? p.bidexCode)}`, p.priceGross]);
  const accessories = offer.accessory ?? [];
  if (accessories.length === 0) {
    doc.font('Helvetica').fontSize(10).text(t.noAccessories, LEFT);
  }
  for (const a of accessories) {
    const name = input.categoryName(a.bidexCode) ?? a.bidexCode;
    lines.push([`${name}: ${[a.brandName, a.modelName].filter(Boolean).join(' ') || '—'}`, a.priceGross]);
  }
  lines.push([offer.withShipping ? t.shipping : t.noShipping, offer.withShipping ? (offer.shippingCostGross ?? 0) : 0]);
  lines.push([t.installation, offer.installationCostGross ?? 0]);
  doc.moveDown(0.5);
  for (const [text, amount] of lines) amountLine(doc, text, amount === undefined ? '—' : money(amount));
  doc.moveTo(LEFT, doc.y + 2).lineTo(LEFT + WIDTH, doc.y + 2).stroke();
  doc.moveDown(0.4);
  amountLine(doc, t.total, money(offer.totalPriceGross), true);

  if (offer.deliveryDate) {
    doc.moveDown(0.6);
    keyValues(doc, [[t.delivery, formatDate(offer.deliveryDate, lang)]]);
  }
  if (offer.notes) {
    section(doc, t.notes);
    doc.font('Helvetica').fontSize(10).text(offer.notes, LEFT, doc.y, { width: WIDTH });
  }

  // The footer sits in the bottom margin: without the margin pdfkit would start a second page.
  doc.page.margins.bottom = 0;
  doc.font('Helvetica').fontSize(7).fillColor('#555555').text(`${t.page} · ${offer.offerNumber}`, LEFT, 800, { width: WIDTH, align: 'center', lineBreak: false });
  doc.end();
  return done;
}

function section(doc: PDFKit.PDFDocument, title: string) {
  doc.moveDown(0.8);
  doc.font('Helvetica-Bold').fontSize(12).fillColor('#000000').text(title, LEFT, doc.y);
  doc.moveDown(0.2);
}

function keyValues(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  doc.fontSize(10);
  for (const [k, v] of rows) {
    const y = doc.y;
    doc.font('Helvetica').fillColor('#444444').text(k, LEFT, y, { width: 140 });
    const after = doc.y;
    doc.font('Helvetica').fillColor('#000000').text(v, LEFT + 150, y, { width: WIDTH - 150 });
    doc.y = Math.max(after, doc.y);
  }
}

function amountLine(doc: PDFKit.PDFDocument, text: string, amount: string, bold = false) {
  const y = doc.y;
  doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10).fillColor('#000000');
  doc.text(text, LEFT, y, { width: AMOUNT_X - LEFT - 10 });
  const after = doc.y;
  doc.text(amount, AMOUNT_X, y, { width: AMOUNT_W, align: 'right' });
  doc.y = Math.max(after, doc.y);
}
