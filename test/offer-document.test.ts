import jsQR from 'jsqr';
import { getDocument, OPS } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/offers/[id]/route';
import { prefersPdf } from '@/lib/documents/offer-document';
import { env } from '@/lib/env';
import { contractProblems } from '@/lib/openapi/contract';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { demoToken, newDealer, tokenFor } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The offer document: GET /v1/offers/{id} with Accept: application/pdf, parsed back with pdf.js —
// its text (dealer, customer, bicycle, accessories with category names, amounts, status, number)
// and its QR code decoded from the embedded image, which must lead the customer to the offer's order page.

async function getPdf(id: string, token: string, accept = 'application/pdf', lang = 'de') {
  const req = new Request(`http://spoke.test/v1/offers/${id}`, { headers: { authorization: `Bearer ${token}`, accept, 'accept-language': lang } });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  const bytes = new Uint8Array(await res.arrayBuffer());
  return { res, bytes };
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function readPdf(bytes: Uint8Array) {
  const doc = await getDocument({ data: bytes.slice(), isOffscreenCanvasSupported: false, disableFontFace: true, standardFontDataUrl }).promise;
  const page = await doc.getPage(1);
  const content = await page.getTextContent();
  const text = content.items.map((i) => ('str' in i ? i.str : '')).join('\n');
  const ops = await page.getOperatorList();
  const images: { width: number; height: number; kind: number; data: Uint8ClampedArray }[] = [];
  for (let i = 0; i < ops.fnArray.length; i++) {
    if (ops.fnArray[i] === OPS.paintImageXObject) {
      const name = ops.argsArray[i][0] as string;
      images.push(await new Promise((resolve) => page.objs.get(name, resolve)));
    }
  }
  const annotations = await page.getAnnotations();
  return { pages: doc.numPages, text, images, links: annotations.map((a) => a.url as string | undefined).filter(Boolean), title: (await doc.getMetadata()).info };
}

/** The QR code of an image as pdf.js decoded it (RGB or RGBA, 8 bits a channel). */
function decodeQr(img: { width: number; height: number; kind: number; data: Uint8ClampedArray }): string | undefined {
  const rgba = new Uint8ClampedArray(img.width * img.height * 4);
  const channels = img.data.length / (img.width * img.height);
  for (let p = 0; p < img.width * img.height; p++) {
    for (let c = 0; c < 3; c++) rgba[p * 4 + c] = img.data[p * channels + (channels === 1 ? 0 : c)]!;
    rgba[p * 4 + 3] = 255;
  }
  return jsQR(rgba, img.width, img.height)?.data;
}

describe('the offer document', () => {
  it('is a PDF with the offer number, dealer, customer, bicycle, accessories by category, amounts, status and a QR code to the customer’s order page', async () => {
    const token = await demoToken();
    const offer = await createOffer(token);
    await processOffers({ ids: [offer.id] });
    const { res, bytes } = await getPdf(offer.id, token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="Angebot-${offer.offerNumber}.pdf"`);
    expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
    // The answer is what the OpenAPI document promises.
    expect(
      contractProblems({ method: 'GET', route: '/v1/offers/{id}', url: new URL(res.url || `http://spoke.test/v1/offers/${offer.id}`), status: res.status, headers: res.headers, text: Buffer.from(bytes).toString('latin1') }),
    ).toEqual([]);

    const pdf = await readPdf(bytes);
    expect(pdf.pages).toBe(1);
    for (const expected of [
      `Angebot ${offer.offerNumber}`,
      'Radhaus Demo',
      'Kastanienallee 12',
      'Erika Mustermann',
      'erika@example.com',
      offer.externalOfferId,
      'Cube',
      'Kathmandu Hybrid',
      'Bosch',
      '750 Wh',
      'Abus',
      'Racktime',
      'Gültig (Entwurf)',
      '3.499,00 €',
      '29,90 €',
      '15,00 €',
      'Versand',
      'Montage',
      'Gesamtpreis (brutto)',
    ]) {
      expect(pdf.text.replace(/\u00a0/g, ' '), expected).toContain(expected);
    }
    // Accessories carry their category names (from the catalogue), not codes alone.
    expect(pdf.text).toContain('Bügelschloss: Abus Granit X-Plus');
    expect(pdf.text).toContain('Gepäckträger hinten: Racktime Addit');
    const total = (offer.totalPriceGross as number).toLocaleString('de-DE', { minimumFractionDigits: 2 });
    expect(pdf.text.replace(/\u00a0/g, ' ')).toContain(`${total} €`);

    // The QR code leads the customer to the page that mails them the link to this offer.
    const target = `${env.publicUrl}/order/link?offer=${offer.id}`;
    expect(pdf.images.length).toBe(1);
    expect(decodeQr(pdf.images[0]!)).toBe(target);
    expect(pdf.links).toContain(target);
  });

  it('speaks English with Accept-Language: en, and JSON stays the default', async () => {
    const token = await demoToken();
    const offer = await createOffer(token);
    const { res, bytes } = await getPdf(offer.id, token, 'application/pdf, application/json;q=0.5', 'en');
    expect(res.headers.get('content-disposition')).toContain(`Offer-${offer.offerNumber}.pdf`);
    const pdf = await readPdf(bytes);
    for (const expected of [`Offer ${offer.offerNumber}`, 'Customer', 'Being checked', 'Total price (gross)', '€3,499.00']) expect(pdf.text).toContain(expected);

    const json = await getPdf(offer.id, token, 'application/json');
    expect(json.res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(prefersPdf('application/json, application/pdf;q=0.9')).toBe(false);
    expect(prefersPdf('*/*')).toBe(false);
    expect(prefersPdf('application/pdf')).toBe(true);
    expect(prefersPdf('application/json;q=0.1, application/pdf')).toBe(true);
  });

  it('follows the tenant and scope rules of the JSON', async () => {
    const offer = await createOffer(await demoToken());
    const other = await newDealer();
    expect((await getPdf(offer.id, other.token)).res.status).toBe(404);
    const production = await tokenFor('demo-production', 'demo-production-secret');
    expect((await getPdf(offer.id, production)).res.status).toBe(404);
    const noRead = await newDealer({ scopes: ['offers:write'] });
    const own = await createOffer(noRead.token);
    expect((await getPdf(own.id, noRead.token)).res.status).toBe(403);
  });
});
