import { createRequire } from 'node:module';
import path from 'node:path';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/offers/[id]/route';
import { POST as exportPost } from '@/app/api/console/privacy/export/route';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser } from './operator-session';

// One font stack for every PDF (lib/documents/pdf-font.ts), read back with pdf.js: the
// data-protection summary prints Polish and Chinese names as they are (not in a WinAnsi standard
// font); the offer document prints 李娜 in the CJK fallback, lists the bicycle under the positions'
// heading (not under "Zubehör"), and a sandbox offer's document says on its pages that it is a test.

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;
const today = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Berlin' }).format(new Date());

async function text(bytes: Uint8Array): Promise<string> {
  const doc = await getDocument({ data: bytes.slice(), isOffscreenCanvasSupported: false, disableFontFace: true, standardFontDataUrl }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' '));
  }
  return out.join(' ').replace(/\s+/g, ' ');
}

async function offerPdfText(id: string, token: string, lang = 'de') {
  const req = new Request(`http://spoke.test/v1/offers/${id}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/pdf', 'accept-language': lang } });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  expect(res.status).toBe(200);
  return text(new Uint8Array(await res.arrayBuffer()));
}

describe('the documents’ font stack', () => {
  it('prints “Zofia Łukasiewicz” and 李娜 in the data-protection summary as they are', async () => {
    const dealer = await newDealer();
    const email = `zofia-${Date.now()}@example.com`;
    await createOffer(dealer.token, { customerName: 'Zofia Łukasiewicz', customerEmail: email });
    await createOffer(dealer.token, { customerName: '李娜', customerEmail: email });
    const headers = { ...(await consoleHeaders(await demoUser('operator@example.com'))), 'content-type': 'application/json' };
    const req = new Request('http://spoke.test/api/console/privacy/export', {
      method: 'POST',
      headers,
      body: JSON.stringify({ email, requestDate: today(), reference: 'DSR-FONT-1', format: 'pdf' }),
    });
    const res = await exportPost(req, { params: Promise.resolve({}) });
    expect(res.status).toBe(200);
    const printed = await text(new Uint8Array(await res.arrayBuffer()));
    expect(printed).toContain('Zofia Łukasiewicz');
    expect(printed).toContain('李娜');
    expect(printed).not.toContain('\uFFFD');
    // The summary names who is responsible and whom to ask.
    expect(printed).toContain('Controller: Spoke Leasing GmbH (Demo)');
    expect(printed).toContain('Privacy contact: datenschutz@spoke.example');
  });

  it('prints 李娜 in the offer document; the bicycle is a position of its own, not under “Zubehör”', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token, {
      customerName: '李娜',
      product: { bidexCode: '102020', brandName: 'Riese', modelName: 'Nevo', priceGross: 3000 },
      accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo', priceGross: 80 }],
    });
    const printed = await offerPdfText(offer.id, dealer.token);
    expect(printed).toContain('李娜');
    const bicycle = printed.indexOf('Fahrrad: Riese Nevo');
    const accessories = printed.indexOf('Zubehör');
    expect(bicycle).toBeGreaterThan(printed.indexOf('Positionen'));
    expect(accessories).toBeGreaterThan(bicycle);
    expect(printed.indexOf('Bordo')).toBeGreaterThan(accessories);
  });

  it('marks a sandbox offer’s document as a test in its language, and a production one not', async () => {
    const sandbox = await newDealer();
    const offer = await createOffer(sandbox.token, {});
    expect(await offerPdfText(offer.id, sandbox.token)).toContain('TESTANGEBOT (Sandbox)');
    expect(await offerPdfText(offer.id, sandbox.token, 'en')).toContain('TEST OFFER (sandbox)');
    const production = await newDealer({ environment: 'production' });
    const real = await createOffer(production.token, {});
    const printed = await offerPdfText(real.id, production.token);
    expect(printed).not.toMatch(/TESTANGEBOT|Sandbox/);
  });
});
