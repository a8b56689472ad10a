import type { Readable } from 'node:stream';
import { createRequire } from 'node:module';
import path from 'node:path';
import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { beforeAll, describe, expect, it } from 'vitest';
import { GET } from '@/app/v1/offers/[id]/route';
import { offers as offersTable } from '@/db/schema';
import { getDb } from '@/lib/database';
import { csvStream, exportQueryOf, xlsxStream } from '@/lib/exports/offer-export';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { offerBody } from './helpers/offers';

// The shipping rule (docs/decisions.md, "Shipping counts only with shipping"): a shipping cost is
// part of the total only when the offer is with shipping, and every document an offer is shown in
// — the API's answer, the PDF, the Excel and CSV exports — lists positions that add up to its total.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const cents = (n: number) => Math.round(n * 100);

async function create(overrides: Record<string, unknown>) {
  const res = await api.post('/v1/offers', { token: dealer.token, body: offerBody(overrides) });
  expect(res.status, res.text).toBe(202);
  return res;
}

const standardFontDataUrl = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

/** The PDF's text as lines (items on one baseline joined), top to bottom. */
async function pdfLines(id: string, lang: 'de' | 'en'): Promise<string[]> {
  const req = new Request(`http://spoke.test/v1/offers/${id}`, { headers: { authorization: `Bearer ${dealer.token}`, accept: 'application/pdf', 'accept-language': lang } });
  const res = await GET(req, { params: Promise.resolve({ id }) });
  expect(res.headers.get('content-type')).toBe('application/pdf');
  const doc = await getDocument({ data: new Uint8Array(await res.arrayBuffer()), isOffscreenCanvasSupported: false, disableFontFace: true, standardFontDataUrl }).promise;
  const lines: string[] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const rows = new Map<number, { x: number; s: string }[]>();
    for (const item of (await (await doc.getPage(n)).getTextContent()).items) {
      if (!('str' in item) || !item.str.trim()) continue;
      const y = Math.round(item.transform[5] as number);
      rows.set(y, [...(rows.get(y) ?? []), { x: item.transform[4] as number, s: item.str }]);
    }
    for (const [, items] of [...rows].sort(([a], [b]) => b - a)) lines.push(items.sort((a, b) => a.x - b.x).map((i) => i.s).join(' ').replace(/\s+/g, ' '));
  }
  return lines;
}

/** An amount as the PDF writes it in German (1.234,56 €) or English (€1,234.56), in cents. */
function amountOf(line: string, lang: 'de' | 'en'): number | undefined {
  const m = lang === 'de' ? /(-?[\d.]+,\d{2}) €$/.exec(line) : /€(-?[\d,]+\.\d{2})$/.exec(line);
  if (!m) return undefined;
  return cents(Number(lang === 'de' ? m[1]!.replace(/\./g, '').replace(',', '.') : m[1]!.replace(/,/g, '')));
}

/** The PDF's positions (from the bicycle's line to the line before the total) and its total, in cents. */
async function pdfPositions(id: string, lang: 'de' | 'en') {
  const lines = await pdfLines(id, lang);
  const totalWord = lang === 'de' ? 'Gesamtpreis' : 'Total';
  const totalAt = lines.findIndex((l) => l.startsWith(totalWord) && amountOf(l, lang) !== undefined);
  const firstAt = lines.findIndex((l) => l.startsWith(lang === 'de' ? 'Fahrrad:' : 'Bicycle:'));
  expect(totalAt, lines.join('\n')).toBeGreaterThan(firstAt);
  expect(firstAt).toBeGreaterThanOrEqual(0);
  const positions = lines.slice(firstAt, totalAt).filter((l) => amountOf(l, lang) !== undefined);
  return { lines: positions, positions: positions.map((l) => amountOf(l, lang)!), total: amountOf(lines[totalAt]!, lang)! };
}

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

describe('money that adds up', () => {
  it('a shipping cost beside withShipping: false is not kept, not in the total, and the answer says so', async () => {
    const res = await create({ withShipping: false, shippingCostGross: 29.9 });
    const data = res.body.data;
    expect(data.withShipping).toBe(false);
    expect(data).not.toHaveProperty('shippingCostGross');
    // 3499.00 + 99.95 + 49.90 + 15.00 installation; no 29.90.
    expect(data.totalPriceGross).toBe(3663.85);
    expect(res.body.meta.warnings).toEqual([
      expect.objectContaining({ code: 'SHIPPING_COST_IGNORED', field: 'shippingCostGross', message: expect.stringContaining('withShipping: true') }),
    ]);
    expect(res.body.meta.warnings[0].translations.de).toContain('29,90 €');
    // The dry run says the same.
    const dry = await api.post('/v1/offers/validate', { token: dealer.token, body: offerBody({ withShipping: false, shippingCostGross: 29.9 }) });
    expect(dry.body.meta.warnings?.map((w: { code: string }) => w.code)).toEqual(['SHIPPING_COST_IGNORED']);
  });

  it('withShipping left out is false: a cost sent without it is not kept either, and the answer says so', async () => {
    const res = (await create({ withShipping: undefined, shippingCostGross: 12.5 })).body;
    expect(res.data.withShipping).toBe(false);
    expect(res.data).not.toHaveProperty('shippingCostGross');
    expect(res.data.totalPriceGross).toBe(3663.85);
    expect(res.meta.warnings.map((w: { code: string }) => w.code)).toEqual(['SHIPPING_COST_IGNORED']);
    // A cost of 0 adds nothing: kept as sent, no warning.
    const zero = (await create({ withShipping: false, shippingCostGross: 0 })).body;
    expect(zero.data.shippingCostGross).toBe(0);
    expect(zero.meta.warnings).toBeUndefined();
  });

  it('every document of an offer lists positions that add up to its total: the answer, the PDF (de, en), Excel and CSV', async () => {
    const variants = [
      { customerName: 'Summe Ohne Versand', withShipping: false, shippingCostGross: 29.9 },
      { customerName: 'Summe Mit Versand', withShipping: true, shippingCostGross: 29.9, installationCostGross: 0.1 },
      { customerName: 'Summe Ohne Zubehör', accessory: [], withShipping: true, shippingCostGross: 0.7, installationCostGross: undefined },
      { customerName: 'Summe Versand Fehlt', withShipping: undefined, shippingCostGross: 4.5 },
      { customerName: 'Summe Ohne Preise', product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Nuroad' }, accessory: [{ bidexCode: '201010' }] },
    ];
    const offers = [];
    for (const v of variants) offers.push((await create(v)).body.data);

    for (const o of offers) {
      // The answer: its own fields add up.
      const parts = [o.product.priceGross ?? 0, ...o.accessory.map((a: { priceGross?: number }) => a.priceGross ?? 0), o.withShipping ? (o.shippingCostGross ?? 0) : 0, o.installationCostGross ?? 0];
      expect(sum(parts.map(cents)), o.customerName).toBe(cents(o.totalPriceGross));
      for (const lang of ['de', 'en'] as const) {
        const pdf = await pdfPositions(o.id, lang);
        expect(sum(pdf.positions), `${o.customerName} (${lang}):\n${pdf.lines.join('\n')}`).toBe(pdf.total);
        expect(pdf.total).toBe(cents(o.totalPriceGross));
      }
    }

    const tenant = { dealerId: dealer.dealerId, environment: 'sandbox' as const };
    const q = exportQueryOf(new URL('http://spoke.test/portal/offers/export?search=Summe'));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(xlsxStream(tenant, q, 'de'))) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Angebote')!;
    const head = sheet.getRow(1).values as string[];
    const col = (name: string) => head.indexOf(name);
    const positions = ['Fahrrad (brutto)', 'Zubehör (brutto)', 'Versand (brutto)', 'Montage (brutto)'].map(col);
    expect(positions.every((i) => i > 0)).toBe(true);
    expect(sheet.rowCount).toBe(offers.length + 1);
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      const total = row.getCell(col('Gesamtpreis (brutto)')).value as number;
      expect(sum(positions.map((i) => cents(row.getCell(i).value as number))), String(row.getCell(col('Kunde')).value)).toBe(cents(total));
      expect(offers.map((o) => o.totalPriceGross)).toContain(total);
    }

    for (const lang of ['de', 'en'] as const) {
      const sep = lang === 'de' ? ';' : ',';
      // Amounts as the reader writes them: 3.499,00 in German, 3,499.00 in English.
      const number = (s: string) => cents(Number(lang === 'de' ? s.replace(/\./g, '').replace(',', '.') : s.replace(/,/g, '')));
      // A cell is quoted where it holds the separator (an English amount with its thousands comma).
      const cellsOf = (line: string) => [...line.matchAll(new RegExp(`(?:^|${sep})("(?:[^"]|"")*"|[^${sep}"]*)`, 'g'))].map((m) => m[1]!.replace(/^"|"$/g, '').replace(/""/g, '"'));
      const [header, ...rows] = (await bytesOf(csvStream(tenant, q, lang))).toString('utf8').replace(/^\uFEFF/, '').trim().split('\r\n');
      const names = cellsOf(header!);
      const at = (lang === 'de' ? ['Fahrrad (brutto)', 'Zubehör (brutto)', 'Versand (brutto)', 'Montage (brutto)', 'Gesamtpreis (brutto)'] : ['Bicycle (gross)', 'Accessories (gross)', 'Shipping (gross)', 'Installation (gross)', 'Total price (gross)']).map((n) => names.indexOf(n));
      expect(at.every((i) => i >= 0)).toBe(true);
      expect(rows).toHaveLength(offers.length);
      for (const line of rows) {
        const cells = cellsOf(line);
        const [total, ...parts] = [at[4]!, ...at.slice(0, 4)].map((i) => number(cells[i]!));
        expect(sum(parts), line).toBe(total);
      }
    }
  });

  it('an offer stored before the rule with a cost but without shipping becomes one with shipping (migration 0016): its total stays', async () => {
    const o = (await create({ customerName: 'Alt Versand', withShipping: true, shippingCostGross: 29.9 })).body.data;
    await getDb().update(offersTable).set({ withShipping: false }).where(eq(offersTable.id, o.id));
    await getDb().execute(sql.raw(readFileSync(path.join(process.cwd(), 'db/migrations/0016_shipping_rule.sql'), 'utf8')));
    const read = (await api.get(`/v1/offers/${o.id}`, { token: dealer.token })).body.data;
    expect(read).toMatchObject({ withShipping: true, shippingCostGross: 29.9, totalPriceGross: o.totalPriceGross });
    const pdf = await pdfPositions(o.id, 'de');
    expect(sum(pdf.positions)).toBe(pdf.total);
  });
});
