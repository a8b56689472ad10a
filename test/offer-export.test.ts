import type { Readable } from 'node:stream';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { berlinWallClock, csvAmount, csvDateTime, csvStream, EXPORT_BATCH, exportFilename, exportQueryOf, xlsxStream } from '@/lib/exports/offer-export';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';

// The dealer's export of the filtered list, read back: the workbook's cells are numbers with a euro
// format, dates and words; the CSV follows the locale; the whole filtered list, past one batch.

async function bytesOf(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const c of stream) chunks.push(Buffer.from(c));
  return Buffer.concat(chunks);
}

describe('the offer export', () => {
  it('writes an .xlsx of the current filter with typed cells and headers in the user’s language', async () => {
    const dealer = await newDealer();
    const tenant = { dealerId: dealer.dealerId, environment: 'sandbox' as const };
    const a = await createOffer(dealer.token, { customerName: 'Anna Export', installationCostGross: 10.5 });
    const b = await createOffer(dealer.token, { customerName: '=Formel Export' });
    await createOffer(dealer.token, { customerName: 'Nicht Gefiltert' });
    await processOffers({ ids: [a.id] });
    const q = exportQueryOf(new URL('http://spoke.test/portal/offers/export?search=Export&sortBy=customerName&order=desc&page=3&perPage=1'));

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await bytesOf(xlsxStream(tenant, q, 'de'))) as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Angebote')!;
    expect(sheet.getRow(1).values).toEqual([undefined, 'Angebotsnummer', 'Eigene Angebotsnummer', 'Kunde', 'E-Mail des Kunden', 'Marke', 'Modell', 'Fahrrad (brutto)', 'Zubehör (brutto)', 'Versand (brutto)', 'Montage (brutto)', 'Gesamtpreis (brutto)', 'Status', 'Erstellt am', 'Status geändert am']);
    expect(sheet.rowCount).toBe(3); // the whole filter, not one page of it
    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe(a.offerNumber);
    expect(first.getCell(3).value).toBe('Anna Export');
    expect(first.getCell(11).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(11).value).toBe(a.totalPriceGross);
    expect(first.getCell(11).numFmt).toContain('€');
    expect(first.getCell(12).value).toBe('Gültig (Entwurf)');
    expect(first.getCell(13).type).toBe(ExcelJS.ValueType.Date);
    // Europe/Berlin's wall-clock time, as the page shows it (a spreadsheet date has no zone).
    expect((first.getCell(13).value as Date).getTime()).toBeCloseTo(berlinWallClock(new Date(a.createdAt)).getTime(), -3);
    expect((first.getCell(13).value as Date).getTime() - new Date(a.createdAt).getTime()).toBeGreaterThanOrEqual(3_599_000);
    expect(first.getCell(13).numFmt).toBe('dd.mm.yyyy hh:mm');
    // A text that would start a formula is kept as text.
    expect(sheet.getRow(3).getCell(1).value).toBe(b.offerNumber);
    expect(sheet.getRow(3).getCell(3).value).toBe("'=Formel Export");
    expect(sheet.getRow(3).getCell(12).value).toBe('In Prüfung');

    const en = new ExcelJS.Workbook();
    await en.xlsx.load((await bytesOf(xlsxStream(tenant, q, 'en'))) as unknown as ArrayBuffer);
    expect(en.getWorksheet('Offers')!.getRow(1).getCell(11).value).toBe('Total price (gross)');
    expect(en.getWorksheet('Offers')!.getRow(2).getCell(12).value).toBe('Valid (draft)');
  });

  it('writes the CSV for the locale: German with ; and 3.499,00, English with , and "3,499.00", quoted only where needed', async () => {
    const dealer = await newDealer();
    const tenant = { dealerId: dealer.dealerId, environment: 'sandbox' as const };
    const o = await createOffer(dealer.token, { customerName: 'Müller; Anna' });
    const q = exportQueryOf(new URL('http://spoke.test/portal/offers/export'));
    const de = (await bytesOf(csvStream(tenant, q, 'de'))).toString('utf8');
    const [head, line] = de.replace(/^\uFEFF/, '').split('\r\n');
    expect(head).toBe('Angebotsnummer;Eigene Angebotsnummer;Kunde;E-Mail des Kunden;Marke;Modell;Fahrrad (brutto);Zubehör (brutto);Versand (brutto);Montage (brutto);Gesamtpreis (brutto);Status;Erstellt am;Status geändert am');
    const total = csvAmount(o.totalPriceGross as number, 'de');
    expect(total).toMatch(/^\d\.\d{3},\d\d$/);
    const created = csvDateTime(new Date(o.createdAt), 'de');
    expect(line).toBe(`${o.offerNumber};${o.externalOfferId};"Müller; Anna";erika@example.com;Cube;Kathmandu Hybrid;3.499,00;149,85;29,90;15,00;${total};In Prüfung;${created};${created}`);
    const en = (await bytesOf(csvStream(tenant, q, 'en'))).toString('utf8');
    expect(en.split('\r\n')[1]).toBe(
      `${o.offerNumber},${o.externalOfferId},Müller; Anna,erika@example.com,Cube,Kathmandu Hybrid,"3,499.00",149.85,29.90,15.00,"${csvAmount(o.totalPriceGross as number, 'en')}",Being checked,${csvDateTime(new Date(o.createdAt), 'en')},${csvDateTime(new Date(o.createdAt), 'en')}`,
    );
    expect(de.startsWith('\uFEFF')).toBe(true);
  });

  it('writes amounts, times and file names as the reader does, in Europe/Berlin', () => {
    expect(csvAmount(5328.9, 'de')).toBe('5.328,90');
    expect(csvAmount(5328.9, 'en')).toBe('5,328.90');
    expect(csvAmount(1234567.5, 'de')).toBe('1.234.567,50');
    // 05:05 UTC is 06:05 in Berlin in winter, 07:05 in summer.
    expect(csvDateTime(new Date('2026-11-27T05:05:00Z'), 'de')).toBe('27.11.2026 06:05');
    expect(csvDateTime(new Date('2026-07-01T05:05:00Z'), 'en')).toBe('01/07/2026 07:05');
    expect(berlinWallClock(new Date('2026-11-27T05:05:00Z')).toISOString()).toBe('2026-11-27T06:05:00.000Z');
    // The day of the name is Berlin's: 23:30 UTC on the 26th is already the 27th there.
    expect(exportFilename('production', 'csv', 'de', new Date('2026-11-26T23:30:00Z'))).toBe('angebote-2026-11-27.csv');
    expect(exportFilename('production', 'xlsx', 'en', new Date('2026-11-27T10:00:00Z'))).toBe('offers-2026-11-27.xlsx');
    expect(exportFilename('sandbox', 'csv', 'de', new Date('2026-11-27T10:00:00Z'))).toBe('angebote-sandbox-2026-11-27.csv');
  });

  it('streams more than one batch', async () => {
    const dealer = await newDealer();
    // Created 20 at a time (all at once would queue hundreds of requests on the pool).
    for (let made = 0; made < EXPORT_BATCH + 3; made += 20) {
      await Promise.all(Array.from({ length: Math.min(20, EXPORT_BATCH + 3 - made) }, () => createOffer(dealer.token)));
    }
    const csv = (await bytesOf(csvStream({ dealerId: dealer.dealerId, environment: 'sandbox' }, exportQueryOf(new URL('http://spoke.test/portal/offers/export')), 'de'))).toString('utf8');
    expect(csv.trim().split('\r\n')).toHaveLength(EXPORT_BATCH + 4);
  }, 240_000);
});
