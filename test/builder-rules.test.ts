import { describe, expect, it } from 'vitest';
import { dryRunBody, fieldId, offerResolver, priceAboveList } from '@/components/portal/offer-builder/form-rules';
import { emptyOfferForm, type OfferFormValues } from '@/lib/portal/browser/offer-form';

// The offer builder's rules outside React (components/portal/offer-builder/form-rules.ts): what the
// dry run checks, what the form refuses before the API sees it, the ids its links and focus use.

const complete = (): OfferFormValues => {
  const values = emptyOfferForm();
  return {
    ...values,
    externalOfferId: 'EXT-1',
    customerName: 'Erika Muster',
    customerEmail: 'erika@example.com',
    product: { ...values.product, bidexCode: '102020', brandName: 'Cube', modelName: 'Kathmandu', priceGross: '3.499,90' },
  };
};

describe('the offer builder rules', () => {
  it('dry-runs a complete form only, with its amounts read the page’s way', () => {
    expect(dryRunBody(emptyOfferForm(), undefined, 'de')).toBeNull();
    const noBrand = complete();
    noBrand.product.brandName = ' ';
    expect(dryRunBody(noBrand, undefined, 'de')).toBeNull();
    const body = dryRunBody(complete(), undefined, 'de');
    expect(body?.product).toMatchObject({ brandName: 'Cube', priceGross: 3499.9 });
  });

  it('names the contract fields and the unreadable amount before submitting', async () => {
    const resolve = offerResolver(undefined, 'de');
    const values = complete();
    values.product.modelName = '';
    values.product.listPriceGross = '12,3,4';
    const result = await resolve(values, undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(result.errors.product?.modelName?.message).toBe('contract');
    expect(result.errors.product?.listPriceGross?.message).toMatch(/^form:/);
    const ok = await resolve(complete(), undefined, { fields: {}, shouldUseNativeValidation: false });
    expect(ok.errors).toEqual({});
  });

  it('warns at a price above its list price, and gives fields their ids', () => {
    expect(priceAboveList('3.700,00', '3.699,00', 'de')).toBe(true);
    expect(priceAboveList('3.699,00', '3.699,00', 'de')).toBe(false);
    expect(priceAboveList('', '3.699,00', 'de')).toBe(false);
    expect(fieldId('accessory.0.bidexCode')).toBe('f-accessory-0-bidexCode');
  });
});
