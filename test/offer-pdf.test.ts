import { createRequire } from 'node:module';
import path from 'node:path';
import { eq, sql } from 'drizzle-orm';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/offers/[id]/route';
import { getDb } from '@/lib/database';
import { offers } from '@/db/schema';
import { apiLimiter } from '@/lib/rate-limit';
import { portalOfferDocument } from '@/lib/portal/offer-document';
import { statusLabel } from '@/lib/portal/i18n';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// What the offer PDF prints, read back with pdf.js: names in any Latin, Greek or Cyrillic script as
// they are, a visible "�" for what the font cannot draw (never other letters); a maximum offer on
// pages that are full; 304 for the document's own ETag without drawing it again; the portal's
// download counted against the user's rate limit.

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

async function pdf(id: string, token: string, headers: Record<string, string> = {}) {
  const req = new Request(`http://spoke.test/v1/offers/${id}`, { headers: { authorization: `Bearer ${token}`, accept: 'application/pdf', 'accept-language': 'de', ...headers } });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  return { res, bytes: new Uint8Array(await res.arrayBuffer()) };
}

/** The text of every page, one string a page (items joined by spaces). */
async function pages(bytes: Uint8Array): Promise<string[]> {
  const doc = await getDocument({ data: bytes.slice(), isOffscreenCanvasSupported: false, disableFontFace: true, standardFontDataUrl }).promise;
  const out: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    out.push(content.items.map((i) => ('str' in i ? i.str : '')).join(' ').replace(/\s+/g, ' '));
  }
  return out;
}

describe('the offer PDF', () => {
  it('prints Latin, Greek and Cyrillic names as they are and a visible replacement for what has no glyph, never other letters', async () => {
    const dealer = await newDealer({ name: 'Rowery Łódź Ψ' });
    const offer = await createOffer(dealer.token, {
      customerName: 'Erika 䵵獴敲晲慵Ⱐ〥⁁偒 Yılmaz',
      product: { bidexCode: '102020', brandName: 'Łukasiewicz Dvořák', modelName: 'Ψυχή Жуков\u202Eevil', priceGross: 3000 },
      accessory: [],
    });
    const { res, bytes } = await pdf(offer.id, dealer.token);
    expect(res.status).toBe(200);
    const text = (await pages(bytes)).join(' ');
    // The status by its one name, as both faces' badges call it.
    expect(text).toContain(statusLabel('pending', 'de'));
    for (const name of ['Yılmaz', 'Łukasiewicz Dvořák', 'Ψυχή Жуков', 'Rowery Łódź Ψ']) expect(text).toContain(name);
    // The CJK characters (and the bidirectional override) are each a replacement mark, not text someone chose.
    expect(text).toMatch(/Erika \uFFFD{6}/);
    expect(text).toContain('Жуков\uFFFDevil');
    expect(text).not.toMatch(/Musterfrau|APR/);
  });

  it('puts a maximum offer on full pages: a row that does not fit starts the next page whole', async () => {
    const dealer = await newDealer();
    const long = (i: number) => `Modell ${i} `.padEnd(255, 'x');
    const offer = await createOffer(dealer.token, {
      customerName: 'N'.repeat(255),
      notes: 'Eine Notiz. '.repeat(400).slice(0, 4000),
      product: { bidexCode: '102020', brandName: 'B'.repeat(255), modelName: 'M'.repeat(255), priceGross: 3000 },
      accessory: Array.from({ length: 50 }, (_, i) => ({ bidexCode: '201010', brandName: `Marke ${i}`.padEnd(255, 'y'), modelName: long(i), priceGross: 10 })),
    });
    const text = await pages((await pdf(offer.id, dealer.token)).bytes);
    // 50 rows of nine full lines each (510 characters), the notes and the head: nine full pages (33 before, many with a few lines).
    expect(text.length).toBeLessThanOrEqual(10);
    // Every accessory appears once, with its amount on the same page.
    for (let i = 0; i < 50; i++) {
      const page = text.find((p) => p.includes(`Modell ${i} x`));
      expect(page, `accessory ${i}`).toBeDefined();
    }
    // Every page is numbered; none but the last is nearly empty.
    text.forEach((p, i) => expect(p).toContain(`Seite ${i + 1} von ${text.length}`));
    // Every page names the leasing operator and where its Impressum and privacy notice are.
    for (const p of text) expect(p).toContain('Leasinggeber: Spoke Leasing GmbH (Demo), Musterstraße 1, 10115 Berlin, Deutschland · Impressum: http://spoke.test/impressum · Datenschutz: http://spoke.test/privacy');
    for (const p of text.slice(0, -1)) expect(p.length, p.slice(0, 80)).toBeGreaterThan(1500);
  });

  it('answers 304 for its own ETag without drawing it again, and 200 once the offer changed', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    const first = await pdf(offer.id, dealer.token);
    const etag = first.res.headers.get('etag')!;
    expect(etag).toMatch(/^W\/"pdf-/);
    for (const tag of [etag, etag.replace(/^W\//, ''), `"other", ${etag}`, '*']) {
      const again = await pdf(offer.id, dealer.token, { 'if-none-match': tag });
      expect(again.res.status, tag).toBe(304);
      expect(again.bytes.length).toBe(0);
      expect(again.res.headers.get('etag')).toBe(etag);
    }
    expect((await pdf(offer.id, dealer.token, { 'if-none-match': '"other"' })).res.status).toBe(200);
    // Another language is another document.
    expect((await pdf(offer.id, dealer.token, { 'if-none-match': etag, 'accept-language': 'en' })).res.status).toBe(200);
    await getDb().update(offers).set({ notes: 'changed', updatedAt: sql`now()` }).where(eq(offers.id, offer.id));
    const changed = await pdf(offer.id, dealer.token, { 'if-none-match': etag });
    expect(changed.res.status).toBe(200);
    expect(changed.res.headers.get('etag')).not.toBe(etag);
  });

  it('the portal’s download counts against the user’s rate limit and answers 304 for the ETag the browser has', async () => {
    const dealer = await newDealer();
    const offer = await createOffer(dealer.token);
    const viewer = { userId: crypto.randomUUID(), sid: 'x', lang: 'de' as const, tenant: { dealerId: dealer.dealerId, environment: 'sandbox' as const } };
    const consumed = async () => (await apiLimiter.get(`user:${viewer.userId}`))?.consumedPoints ?? 0;
    const req = (headers: Record<string, string> = {}) => new Request(`http://spoke.test/portal/offers/${offer.id}/document`, { headers });
    const first = await portalOfferDocument(req(), viewer, offer.id);
    expect(first.status).toBe(200);
    expect(first.headers.get('content-type')).toBe('application/pdf');
    expect(first.headers.get('ratelimit-remaining')).not.toBeNull();
    const again = await portalOfferDocument(req({ 'if-none-match': first.headers.get('etag')! }), viewer, offer.id);
    expect(again.status).toBe(304);
    expect(await consumed()).toBe(2);
  });
});
