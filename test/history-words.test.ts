import { describe, expect, it } from 'vitest';
import { serverWords } from '@/lib/i18n/catalogue';
import { changeLines as lines_, formatDeliveryDate, recordsOldValues, type ChangeContext } from '@/lib/offers/rules/change-value';
import '@/lib/i18n/catalogue';
import { formatDate } from '@/lib/i18n/words';

// An offer's history in words, in both faces: no code, no ISO instant, no raw number reaches a reader.

const category = (code: string) => ({ '201010': 'Schloss', '201020': 'Helm', '104000': 'E-Bike' })[code];
const de: ChangeContext = { words: serverWords('de'), category };
const en: ChangeContext = { words: serverWords('en'), category };
const lock = { bidexCode: '201010', brandName: 'Abus', modelName: 'Bordo 6000', priceGross: 89.9, listPriceGross: 99.9 };
const lamp = { bidexCode: '999999', brandName: 'Abus', modelName: 'Lumen', priceGross: 5000, listPriceGross: 5000 };
// Intl writes a no-break space between amount and currency; the expectations use plain spaces.
const changeLines = (...a: Parameters<typeof lines_>) => JSON.parse(JSON.stringify(lines_(...a)).replace(/\u00a0|\u202f/g, ' ')) as ReturnType<typeof lines_>;
const words = (lines: { label: string; old?: string; new?: string }[]) => lines.map((l) => `${l.label}: ${l.old ?? ''} → ${l.new ?? ''}`);

describe('history in words', () => {
  it('names the check results, not their codes', () => {
    const lines = changeLines([{ field: 'status.errors', new: ['PRICE_ABOVE_LIST_PRICE', 'ACCESSORY_NOT_LEASABLE'] }], de, false);
    expect(lines).toEqual([{ label: 'Prüfung ergab', new: 'Preis über Listenpreis und Zubehör nicht im Katalog' }]);
    const text = changeLines([{ field: 'status.errors', new: ['PRICE_ABOVE_LIST_PRICE', 'ACCESSORY_NOT_LEASABLE'] }], en, false)[0]!.new!;
    expect(text).not.toMatch(/[A-Z]{3,}_/);
  });

  it('writes a delivery date as a day (and a time only when it has one) in Europe/Berlin', () => {
    const lines = changeLines([{ field: 'deliveryDate', old: '2026-12-20T09:00:00.000Z', new: '2026-12-23T23:00:00.000Z' }], de, true);
    expect(lines).toEqual([{ label: 'Liefertermin', old: '20.12.2026, 10:00', new: '24.12.2026' }]);
    expect(formatDeliveryDate('2026-06-30T22:00:00.000Z', 'en')).toBe('1 Jul 2026');
    expect(formatDate('2026-12-23T23:00:00.000Z', 'de')).toBe('24.12.2026');
    expect(formatDate('2026-12-24', 'de')).toBe('24.12.2026');
  });

  it('writes amounts in the reader’s locale', () => {
    const change = [{ field: 'product.priceGross', old: 5328.9, new: 4999 }];
    expect(changeLines(change, de, true)[0]).toEqual({ label: 'Preis des Fahrrads', old: '5.328,90 €', new: '4.999,00 €' });
    expect(changeLines(change, en, true)[0]).toEqual({ label: 'Bicycle price', old: '€5,328.90', new: '€4,999.00' });
  });

  it('names accessories by what they are, and says which were added, removed or changed', () => {
    const removed = changeLines([{ field: 'accessory', old: [lamp, lock], new: [lock] }], de, true);
    expect(removed).toEqual([{ label: 'Zubehör 1 entfernt', old: 'Abus Lumen – 999999, 5.000,00 €' }]);

    const added = changeLines([{ field: 'accessory', old: [], new: [lock] }], de, true);
    expect(added).toEqual([{ label: 'Zubehör 1 hinzugefügt', new: 'Abus Bordo 6000 – Schloss (201010), 89,90 €' }]);

    const repriced = changeLines([{ field: 'accessory', old: [lock], new: [{ ...lock, priceGross: 79.9 }] }], en, true);
    expect(repriced).toEqual([{ label: 'Price of accessory 1 (Abus Bordo 6000)', old: '€89.90', new: '€79.90' }]);

    // Moved and changed: the item keeps its name, so its changes are its own, at its new place.
    const moved = changeLines([{ field: 'accessory', old: [lamp, lock], new: [{ ...lock, priceGross: 79.9 }, { ...lamp, bidexCode: '201010' }] }], de, true);
    expect(words(moved)).toEqual([
      'Preis von Zubehör 1 (Abus Bordo 6000): 89,90 € → 79,90 €',
      'Kategorie von Zubehör 2 (Abus Lumen): 999999 → Schloss (201010)',
    ]);

    const recategorised = changeLines([{ field: 'accessory', old: [lamp], new: [{ ...lamp, bidexCode: '201020' }] }], de, true);
    expect(recategorised).toEqual([{ label: 'Kategorie von Zubehör 1 (Abus Lumen)', old: '999999', new: 'Helm (201020)' }]);
  });

  it('says set and cleared values in words, and booleans and reasons too', () => {
    const lines = words(
      changeLines(
        [
          { field: 'notes', new: 'Bitte anrufen' },
          { field: 'installationCostGross', old: 25 },
          { field: 'withShipping', old: false, new: true },
          { field: 'product.bidexCode', old: '104000', new: '104000' },
        ],
        de,
        recordsOldValues('updated', []),
      ),
    );
    expect(lines).toEqual([
      'Notizen: — → Bitte anrufen',
      'Montagekosten: 25,00 € → —',
      'Versand: nein → ja',
      'Fahrradkategorie: E-Bike (104000) → E-Bike (104000)',
    ]);
    expect(words(changeLines([{ field: 'cancelReason', new: 'not_deliverable' }], en, false))[0]).not.toContain('not_deliverable');
    expect(changeLines([{ field: 'reason', new: { de: 'Zu teuer', en: 'Too expensive' } }], en, false)[0]!.new).toBe('Too expensive');
  });

  it('gives every field an entry of the catalogue a label (no field path is shown)', () => {
    for (const field of ['onBehalfOf', 'onBehalfReason', 'contactFromEmployeeRequested', 'customerEmail', 'cancelNote']) {
      expect(changeLines([{ field, new: 'x' }], de, false)[0]!.label).not.toBe(field);
    }
  });
});
