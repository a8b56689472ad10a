import 'server-only';
import PDFDocument from 'pdfkit';
import type { CustomerData } from '@/lib/console/use-cases/privacy';
import { actionLabel, catalogue, catalogueTranslator, statusLabel } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import { formatDate, formatDateTime, formatMoney } from '@/lib/i18n/words';
import { legalUrls, operatorDetails } from '@/lib/legal/operator';
import { typeset, selectFont } from './pdf-font';

// The readable summary of a customer's data for an access request (docs/privacy.md, "Access"):
// who stores it, which offers, what happened to them, which mails went out. The JSON export holds
// every detail; this is what a person reads. In the documents' embedded font stack, as the offer
// document (lib/documents/pdf-font.ts): every name prints as it is stored.

/** The summary's words in `lang` (messages/<lang>/document.json, `privacy`). */
function wordsOf(lang: Lang) {
  const t = catalogueTranslator(lang);
  type WithValues = 'restricted' | 'anonymised' | 'formerTraces' | 'legal';
  const withValues: readonly string[] = ['restricted', 'anonymised', 'formerTraces', 'legal'] satisfies WithValues[];
  const keys = Object.keys(catalogue.de.document.privacy).filter((k) => !withValues.includes(k)) as Exclude<keyof typeof catalogue.de.document.privacy, WithValues>[];
  const words = Object.fromEntries(keys.map((k) => [k, t(`document.privacy.${k}`)])) as Record<(typeof keys)[number], string>;
  const operator = operatorDetails();
  const legal = t('document.privacy.legal', { operator: operator.name, address: operator.addressLines.join(', '), contact: operator.privacyContact, privacy: legalUrls().privacy });
  return {
    ...words,
    legal,
    restricted: (date: string) => t('document.privacy.restricted', { date }),
    anonymised: (date: string) => t('document.privacy.anonymised', { date }),
    formerTraces: (history: number, mails: number, links: number) => t('document.privacy.formerTraces', { history, mails, links }),
  };
}

const LEFT = 50;
const WIDTH = 495;

export async function customerDataPdf(data: CustomerData, request: { date: string; reference: string }, lang: Lang, now = new Date()): Promise<Buffer> {
  const t = wordsOf(lang);
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
      const note = state.state === 'restricted' ? t.restricted(formatDate(state.retainedUntil, lang)) : t.anonymised(formatDate(state.since, lang));
      selectFont(doc).fontSize(9).fillColor('#000000').text(note, LEFT, doc.y, { width: WIDTH });
    }
  }
  if (data.formerAddress.length > 0) {
    section(doc, t.formerAddress);
    selectFont(doc).fontSize(10).fillColor('#000000').text(t.formerAddressIntro, LEFT, doc.y, { width: WIDTH });
    for (const trace of data.formerAddress) {
      doc.moveDown(0.5);
      keyValues(doc, [
        [t.dealer, trace.dealer],
        [t.history, trace.history.map((h) => formatDate(h.occurredAt, lang)).join('; ') || t.none],
        [t.mails, t.formerTraces(trace.history.length, trace.mails.length, trace.customerLinks.length)],
      ]);
    }
  }
  doc.moveDown(1);
  selectFont(doc).fontSize(9).fillColor('#444444').text(t.purpose, LEFT, doc.y, { width: WIDTH });
  // Who is responsible and whom to ask.
  doc.moveDown(0.5);
  selectFont(doc).fontSize(9).fillColor('#444444').text(typeset(doc, t.legal), LEFT, doc.y, { width: WIDTH });
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
