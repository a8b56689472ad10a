import { beforeAll, describe, expect, it } from 'vitest';
import { api } from './helpers/api';
import { newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// Issue 15, point 2: one valid range for every date the API reads (docs/decisions.md, "Dates"):
// 1970-01-01T00:00:00Z – 9999-12-31T23:59:59.999Z once the offset is applied, and only dates that
// exist in the calendar. Outside it: 400 in the error envelope, never a 500 from the database, the
// same in every operation.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const OUT_OF_RANGE_OR_IMPOSSIBLE = [
  '0000-01-01',
  '0001-01-01T00:00:00+14:00',
  '9999-12-31T23:59:59-14:00',
  '1969-12-31T23:59:59Z',
  '1970-01-01T00:00:00+00:01',
  '10000-01-01T00:00:00Z',
  '2024-02-30',
  '2023-02-29',
  '2024-04-31T10:00:00Z',
  '2024-02-30T00:00:00Z',
  '2024-01-01T24:00:00Z',
  '2024-13-01',
];
const IN_RANGE = ['1970-01-01', '1970-01-01T00:00:00Z', '2024-02-29', '9999-12-31', '9999-12-31T23:59:59Z', '9999-12-31T23:59:59.999+00:00', '2026-06-01T10:00:00+14:00'];

const LIST_PARAMS = ['creationDateFrom', 'creationDateTo', 'statusChangedDateFrom', 'statusChangedDateTo'];

describe('date parameters of GET /v1/offers', () => {
  for (const parameter of LIST_PARAMS) {
    it(`${parameter}: 400 INVALID_PARAMETER outside the range or the calendar, 200 inside`, async () => {
      for (const value of OUT_OF_RANGE_OR_IMPOSSIBLE) {
        const res = await api.get('/v1/offers', { token: dealer.token, query: { [parameter]: value } });
        expect(res.status, `${parameter}=${value}: ${res.text}`).toBe(400);
        expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: parameter });
      }
      for (const value of IN_RANGE) {
        const res = await api.get('/v1/offers', { token: dealer.token, query: { [parameter]: value } });
        expect(res.status, `${parameter}=${value}: ${res.text}`).toBe(200);
      }
    });
  }
});

describe('deliveryDate in create, validate and update', () => {
  const BODY_CASES = OUT_OF_RANGE_OR_IMPOSSIBLE.filter((v) => v.includes('T'));

  it('create and validate: 400 for every date outside the range or the calendar', async () => {
    for (const deliveryDate of BODY_CASES) {
      for (const path of ['/v1/offers', '/v1/offers/validate']) {
        const res = await api.post(path, { token: dealer.token, body: offerBody({ deliveryDate }) });
        expect(res.status, `${path} deliveryDate=${deliveryDate}: ${res.text}`).toBe(400);
        expect(res.body.errors.some((e: { code: string; details?: string }) => e.code === 'INVALID_PARAMETER' && e.details === 'deliveryDate'), res.text).toBe(true);
      }
    }
  });

  it('update: 400 for every date outside the range or the calendar; the edges of the range are stored', async () => {
    const offer = await createOffer(dealer.token, { deliveryDate: '9999-12-31T23:59:59Z' });
    const { externalOfferId: _e, customerName: _n, customerEmail: _m, ...update } = offerBody();
    for (const deliveryDate of BODY_CASES) {
      const res = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { ...update, deliveryDate } });
      expect(res.status, `deliveryDate=${deliveryDate}: ${res.text}`).toBe(400);
    }
    const read = await api.get(`/v1/offers/${offer.id}`, { token: dealer.token });
    expect(read.body.data.deliveryDate).toBe('9999-12-31T23:59:59.000Z');
    // The early edge of the range is a day long past: a delivery before today is refused.
    const early = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ deliveryDate: '1970-01-01T01:00:00+01:00' }) });
    expect(early.status).toBe(400);
    expect(early.body.errors[0].message).toContain('before today');
  });
});
