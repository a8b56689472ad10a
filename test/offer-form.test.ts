import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { updateOfferBodySchema } from '@/lib/offers/contract/schemas';
import type { Offer } from '@/lib/portal/browser/api';
import { berlinDay, emptyOfferForm, formProblems, fromOffer, liveTotal, toBody, updateBody } from '@/lib/portal/browser/offer-form';

// The builder's form ⇄ request body: amounts read by the page's locale, and an edit that sends
// what the dealer did not touch as the offer has it.

const offer = (over: Partial<Offer> = {}): Offer =>
  ({
    id: '00000000-0000-4000-8000-000000000001',
    offerNumber: 'SPK-100001',
    externalOfferId: 'ERP-1',
    customerName: 'Erika Mustermann',
    customerEmail: 'erika@example.com',
    product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', modelYear: '2024/25', priceGross: 3499.9, listPriceGross: 3699 },
    accessory: [{ bidexCode: '201010', brandName: 'Abus', modelName: 'Granit', priceGross: 89.9 }],
    withShipping: true,
    shippingCostGross: 19.9,
    deliveryDate: '2026-12-20T09:00:00.000Z',
    notes: 'Bitte anrufen',
    ...over,
  }) as Offer;

describe('amounts in the builder', () => {
  it('reads German thousands as thousands, and totals only what it can read', () => {
    const values = emptyOfferForm();
    values.product = { ...values.product, bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: '5.000', listPriceGross: '250.000' };
    values.accessory = [{ bidexCode: '201010', brandName: '', modelName: '', priceGross: '3.900', listPriceGross: '' }];
    expect(toBody(values, 'de').product).toMatchObject({ priceGross: 5000, listPriceGross: 250000 });
    expect(liveTotal(values, 'de').total).toBe(8900);
    expect(formProblems(values, 'de')).toEqual([]);

    values.accessory[0]!.priceGross = '4.99';
    expect(formProblems(values, 'de')).toEqual([{ name: 'accessory.0.priceGross', problem: 'separator' }]);
    expect(liveTotal(values, 'de').total).toBeUndefined();
    // The same text is an amount on an English page.
    expect(liveTotal({ ...values, product: { ...values.product, priceGross: '5,000' } }, 'en').total).toBe(5004.99);
  });

  it('takes a model year of four digits in a plausible range; an edit keeps the offer’s own', () => {
    const now = new Date('2026-06-01T00:00:00Z');
    const values = emptyOfferForm();
    const year = (y: string, o?: Offer) => formProblems({ ...values, product: { ...values.product, modelYear: y } }, 'de', o, now);
    expect(year('2026')).toEqual([]);
    expect(year('2028')).toEqual([]);
    expect(year('')).toEqual([]);
    for (const bad of ['26', '2029', '1989', '20255', 'MJ 2025']) expect(year(bad)).toEqual([{ name: 'product.modelYear', problem: 'modelYear' }]);
    expect(year('2024/25', offer())).toEqual([]);
    expect(year('2024/26', offer())).toEqual([{ name: 'product.modelYear', problem: 'modelYear' }]);
  });
});

describe('an edit of an offer', () => {
  it('sends nothing when nothing was changed', () => {
    for (const lang of ['de', 'en'] as const) expect(updateBody(fromOffer(offer(), lang), offer(), lang)).toBeNull();
  });

  it('keeps the delivery date’s time when another field changes, and a new day is that day', () => {
    const values = fromOffer(offer(), 'de');
    values.product.priceGross = '3.399,90';
    const body = updateOfferBodySchema.parse(updateBody(values, offer(), 'de'));
    expect(body.deliveryDate).toBe('2026-12-20T09:00:00.000Z');
    expect(body.product.priceGross).toBe(3399.9);
    values.deliveryDate = '2026-12-22';
    // A picked day is sent as a day: the API stores the start of that day in Europe/Berlin.
    expect(updateBody(values, offer(), 'de')?.deliveryDate).toBe('2026-12-22');
    expect(updateOfferBodySchema.parse(updateBody(values, offer(), 'de')).deliveryDate).toBe('2026-12-21T23:00:00.000Z');
  });

  it('reads a stored delivery date as its day in Europe/Berlin', () => {
    // 2026-12-23T23:00Z is the start of the 24th in Berlin (what a day-only value is stored as).
    expect(fromOffer(offer({ deliveryDate: '2026-12-23T23:00:00.000Z' } as Partial<Offer>), 'de').deliveryDate).toBe('2026-12-24');
    expect(fromOffer(offer({ deliveryDate: '2026-06-30T22:00:00.000Z' } as Partial<Offer>), 'en').deliveryDate).toBe('2026-07-01');
    expect(berlinDay('2026-12-20T09:00:00.000Z')).toBe('2026-12-20');
  });

  const text = fc.option(fc.string({ minLength: 1, maxLength: 20 }).filter((s) => s.trim() === s && s !== ''), { nil: undefined });
  const money = fc.option(fc.integer({ min: 0, max: 9_999_999_999 }).map((c) => c / 100), { nil: undefined });
  const offers = fc.record({
    product: fc.record({ bidexCode: fc.constant('102020'), brandName: text, modelName: text, modelYear: text, color: text, size: text, priceGross: money, listPriceGross: money }),
    accessory: fc.array(fc.record({ bidexCode: fc.constant('201010'), brandName: text, modelName: text, priceGross: money, listPriceGross: money }), { maxLength: 3 }),
    withShipping: fc.boolean(),
    shippingCostGross: money,
    installationCostGross: money,
    deliveryDate: fc.option(fc.date({ min: new Date('2020-01-01'), max: new Date('2035-01-01'), noInvalidDate: true }).map((d) => d.toISOString()), { nil: undefined }),
    notes: text,
  });

  it('reads every offer back unchanged, in both languages (property)', () => {
    fc.assert(
      fc.property(offers, fc.constantFrom('de', 'en' as const), (over, lang) => {
        const o = offer(over as Partial<Offer>);
        const values = fromOffer(o, lang);
        expect(formProblems(values, lang, o)).toEqual([]);
        expect(updateBody(values, o, lang)).toBeNull();
        const body = toBody(values, lang);
        expect(body.product).toEqual(o.product);
        expect(body.accessory).toEqual(o.accessory);
        expect([body.shippingCostGross, body.installationCostGross, body.notes]).toEqual([o.shippingCostGross, o.installationCostGross, o.notes]);
      }),
    );
  });
});
