import { beforeAll, describe, expect, it } from 'vitest';
import { isNegativeMoney, liveTotal, emptyOfferForm } from '@/lib/portal/browser/offer-form';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// No offer with a negative total: money is ≥ 0 (contract Errors, 400 INVALID_PARAMETER), so no
// combination of amounts can sum below zero — not on create, not in the dry run, not on update.
// An offer of 0 € bicycle and −5 € shipping is the case the builder once showed as −5 € total.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const minusFive = () =>
  offerBody({
    product: { ...offerBody().product, priceGross: 0, listPriceGross: 0 },
    accessory: [],
    withShipping: true,
    shippingCostGross: -5,
    installationCostGross: 0,
  });

function expectRefused(res: { status: number; body: any; text: string }, details: string) {
  expect(res.status, res.text).toBe(400);
  expect(Object.keys(res.body)).toEqual(['errors']);
  expect(res.body.errors).toEqual([expect.objectContaining({ code: 'INVALID_PARAMETER', details })]);
  const [e] = res.body.errors;
  expect(e.translations.de).toMatch(/≥ 0/);
  expect(e.translations.en).toMatch(/≥ 0/);
}

describe('an offer whose total would be negative', () => {
  it('is refused on create with 400 INVALID_PARAMETER at the negative amount, and nothing is stored', async () => {
    const body = minusFive();
    expectRefused(await api.post('/v1/offers', { token: dealer.token, body }), 'shippingCostGross');
    const list = await api.get(`/v1/offers?externalOfferId=${encodeURIComponent(body.externalOfferId)}`, { token: dealer.token });
    expect(list.status).toBe(200);
    expect(list.body.meta.totalCount).toBe(0);
  });

  it('is refused by the dry run with the same answer', async () => {
    expectRefused(await api.post('/v1/offers/validate', { token: dealer.token, body: minusFive() }), 'shippingCostGross');
  });

  it('is refused on update, and the stored offer keeps its total', async () => {
    const offer = await createOffer(dealer.token);
    const body = offerBody();
    body.accessory[0]!.priceGross = -5;
    expectRefused(await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body }), 'accessory[0].priceGross');
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.totalPriceGross).toBe(offer.totalPriceGross);
    expect(read.body.data.totalPriceGross).toBeGreaterThan(0);
  });

  it('a total of exactly 0 € is accepted (only what is truly invalid is refused)', async () => {
    const body = { ...minusFive(), shippingCostGross: 0 };
    const res = await api.post('/v1/offers', { token: dealer.token, body });
    expect(res.status, res.text).toBe(202);
    expect(res.body.data.totalPriceGross).toBe(0);
  });

  it('the builder never shows a negative total and marks the negative amount', () => {
    const values = emptyOfferForm();
    values.product.priceGross = '0';
    values.shippingCostGross = '-5';
    expect(isNegativeMoney(values.shippingCostGross, 'de')).toBe(true);
    expect(isNegativeMoney('5,00', 'de')).toBe(false);
    expect(isNegativeMoney('', 'de')).toBe(false);
    expect(liveTotal(values, 'de').total).toBe(0);
    values.product.priceGross = '10';
    expect(liveTotal(values, 'de').total).toBe(10);
  });
});
