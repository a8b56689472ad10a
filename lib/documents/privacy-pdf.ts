import 'server-only';
import PDFDocument from 'pdfkit';
import type { CustomerData } from '@/lib/console/use-cases/privacy';
import type { Lang } from '@/lib/i18n/messages';
import { actionLabel, formatDate, formatDateTime, formatMoney, statusLabel } from '@/lib/i18n/words';
import { typeset, selectFont } from './pdf-font';

// The readable summary of a customer's data for an access request (docs/privacy.md, "Access"):
// who stores it, which offers, what happened to them, which mails went out. The JSON export holds
// every detail; this is what a person reads. In the documents' embedded font stack, as the offer
// document (lib/documents/pdf-font.ts): every name prints as it is stored.

const TEXT = {
  de: {
    title: 'Auskunft über gespeicherte Daten',
    intro: 'Diese Übersicht nennt alle Daten, die Spoke unter der folgenden E-Mail-Adresse speichert (Art. 15 DSGVO). Die vollständigen Einzelheiten enthält die beigefügte JSON-Datei.',
    address: 'E-Mail-Adresse',
    request: 'Anfrage',
    created: 'Erstellt am',
    employers: 'Als Mitarbeiterin oder Mitarbeiter registriert bei',
    none: 'Keine',
    offers: 'Angebote',
    noOffers: 'Unter dieser Adresse sind keine Angebote gespeichert.',
    dealer: 'Händler',
    customer: 'Name und Adresse',
    status: 'Status',
    product: 'Fahrrad',
    total: 'Gesamtpreis (brutto)',
    offerCreated: 'Angelegt',
    history: 'Verlauf',
    mails: 'E-Mails an Sie',
    restricted: 'Eingeschränkt: wird wegen gesetzlicher Aufbewahrungspflichten (§ 257 HGB, § 147 AO) bis {date} aufbewahrt und nicht mehr verwendet.',
    anonymised: 'Anonymisiert am {date}.',
    purpose: 'Zweck: Vermittlung und Abwicklung Ihres Dienstrad-Leasings. Empfänger: der genannte Händler und ggf. Ihr Arbeitgeber.',
  },
  en: {
    title: 'Information about stored data',
    intro: 'This summary lists all data Spoke stores under the following e-mail address (Art. 15 GDPR). The enclosed JSON file holds every detail.',
    address: 'E-mail address',
    request: 'Request',
    created: 'Created on',
    employers: 'Registered as an employee with',
    none: 'None',
    offers: 'Offers',
    noOffers: 'No offers are stored under this address.',
    dealer: 'Dealer',
    customer: 'Name and address',
    status: 'Status',
    product: 'Bicycle',
    total: 'Total price (gross)',
    offerCreated: 'Created',
    history: 'History',
    mails: 'Mails to you',
    restricted: 'Restricted: kept under the statutory retention duty (§ 257 HGB, § 147 AO) until {date} and no longer used.',
    anonymised: 'Anonymised on {date}.',
    purpose: 'Purpose: arranging and handling your company bike lease. Recipients: the dealer named and, where applicable, your employer.',
  },
} as const;

const LEFT = 50;
const WIDTH = 495;

export async function customerDataPdf(data: CustomerData, request: { date: string; reference: string }, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = TEXT[lang];
  const doc = new PDFDocument({ size: 'A4', margin: 50, info: { Title: t.title, Creator: 'Spoke' }, lang: lang === 'de' ? 'de-DE' : 'en-GB' });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  selectFont(doc, 'bold').fontSize(18).text(t.title, LEFT, 50, { width: WIDTH });
  doc.moveDown(0.4);
  selectFont(doc).fontSize(10).text(t.intro, { width: WIDTH });
  doc.moveDown(0.6);
  keyValues(doc, [
    [t.address, data.email],
    [t.request, `${formatDate(request.date, lang)} · ${request.reference}`],
    [t.created, formatDateTime(now.toISOString(), lang)],
    [t.employers, data.employers.map((e) => e.employer).join(', ') || t.none],
  ]);

  section(doc, t.offers);
  if (data.offers.length === 0) selectFont(doc).fontSize(10).text(t.noOffers, LEFT);
  for (const o of data.offers) {
    doc.moveDown(0.5);
    selectFont(doc, 'bold').fontSize(11).fillColor('#000000').text(o.offerNumber, LEFT, doc.y, { width: WIDTH });
    const p = o.product;
    keyValues(doc, [
      [t.dealer, o.dealer],
      [t.customer, `${o.customer.name} <${o.customer.email}>`],
      [t.status, statusLabel(o.status.current.code, lang)],
      [t.product, [p.brandName, p.modelName].filter(Boolean).join(' ') || p.bidexCode],
      [t.total, formatMoney(o.totalPriceGross, lang)],
      [t.offerCreated, formatDate(o.createdAt, lang)],
      [t.history, o.history.map((h) => `${formatDate(h.occurredAt, lang)} ${actionLabel(h.action, lang)}`).join('; ')],
      [t.mails, String(o.mails.length)],
    ]);
    const state = o.personalData;
    if (state) {
      const note = state.state === 'restricted' ? t.restricted.replace('{date}', formatDate(state.retainedUntil, lang)) : t.anonymised.replace('{date}', formatDate(state.since, lang));
      selectFont(doc).fontSize(9).fillColor('#000000').text(note, LEFT, doc.y, { width: WIDTH });
    }
  }
  doc.moveDown(1);
  selectFont(doc).fontSize(9).fillColor('#444444').text(t.purpose, LEFT, doc.y, { width: WIDTH });
  doc.end();
  return done;
}

function section(doc: PDFKit.PDFDocument, title: string) {
  doc.moveDown(0.8);
  selectFont(doc, 'bold').fontSize(13).fillColor('#000000').text(title, LEFT, doc.y);
}

function keyValues(doc: PDFKit.PDFDocument, rows: [string, string][]) {
  doc.fontSize(10);
  for (const [k, v] of rows) {
    const y = doc.y;
    selectFont(doc).fillColor('#444444').text(k, LEFT, y, { width: 150 });
    const after = doc.y;
    const value = typeset(doc, v);
    doc.fillColor('#000000').text(value, LEFT + 160, y, { width: WIDTH - 160 });
    doc.y = Math.max(after, doc.y);
  }
}
