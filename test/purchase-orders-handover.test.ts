import { beforeAll, describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { findPurchaseOrder, updatePurchaseOrder } from '@/db/repositories/purchase-orders';
import { handOver } from '@/lib/purchase-orders/use-cases/handover';
import { leaseEndOf, leaseStartOf } from '@/lib/purchase-orders/rules/lease-dates';
import { normalizePickupCode } from '@/lib/purchase-orders/rules/pickup-code';
import { api } from './helpers/api';
import { newClient, newDealer, type TestDealer } from './helpers/auth';
import { doneSandboxOffer, handover } from './helpers/orders';

// POST /v1/offers/{id}/handover: the pickup code's rules, the handover's fields, once only, the
// lease's dates in Berlin, and the tenant rule.

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

const tenant = () => ({ dealerId: dealer.dealerId, environment: 'sandbox' as const });
const valid = { frameNumber: 'WBK-2026-04711', batterySerialNumber: 'BO-750-1' };

describe('the pickup code', () => {
  it('is typed in any case with spaces and hyphens; a wrong one counts down, survives its refusal, and the sixth try is locked', async () => {
    const offer = await doneSandboxOffer(dealer.token);
    const code: string = offer.order.pickupCode;
    expect(code).toMatch(/^TEST-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{4}$/);
    expect(normalizePickupCode(` ${code.toLowerCase().split('').join(' ')} `)).toBe(code.replace('-', ''));
    expect(normalizePickupCode('TEST-0O1I')).toBeNull();

    for (let left = 4; left >= 0; left--) {
      const wrong = await handover(dealer.token, offer.id, { pickupCode: 'TEST-2222', ...valid });
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors[0]).toMatchObject({ code: 'PICKUP_CODE_INVALID', details: 'pickupCode', attemptsLeft: left });
      // The count is committed although the request failed.
      expect((await findPurchaseOrder(getDb(), tenant(), offer.id))!.pickupCodeFailedAttempts).toBe(5 - left);
    }
    const locked = await handover(dealer.token, offer.id, { pickupCode: code, ...valid });
    expect(locked.status).toBe(409);
    expect(locked.body.errors[0].code).toBe('PICKUP_CODE_LOCKED');

    // A new code (the sandbox: advance is not needed, the operator's use case) opens it again.
    const { issueNewPickupCode } = await import('@/lib/purchase-orders/use-cases/pickup-codes');
    const { demoOperator } = await import('./operator-session');
    await issueNewPickupCode(await demoOperator(), offer.id);
    const fresh = (await api.get(`/v1/offers/${offer.id}`, { token: dealer.token })).body.data.order.pickupCode as string;
    const typed = fresh.toLowerCase().replace('-', ' - ');
    const ok = await handover(dealer.token, offer.id, { pickupCode: typed, ...valid });
    expect(ok.status, ok.text).toBe(200);
    expect(ok.body.data.order.status).toBe('handed_over');
    expect(ok.body.data.status.current.code).toBe('done');
  });

  it('records a handover once: of two at the same time one wins, the other is 409', async () => {
    const offer = await doneSandboxOffer(dealer.token);
    const [a, b] = await Promise.all([
      handover(dealer.token, offer.id, { pickupCode: offer.order.pickupCode, ...valid }),
      handover(dealer.token, offer.id, { pickupCode: offer.order.pickupCode, ...valid, frameNumber: 'OTHER-1' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    expect([a, b].find((r) => r.status === 409)!.body.errors[0].code).toBe('ORDER_NOT_AWAITING_HANDOVER');
    const history = await api.get(`/v1/offers/${offer.id}/history`, { token: dealer.token, query: { perPage: 100 } });
    expect(history.body.data.filter((h: any) => h.action === 'handed_over')).toHaveLength(1);
  });
});

describe('the handover’s fields', () => {
  it('refuses a bad frame number, an e-bike without battery serial, a day in the future or before the approval', async () => {
    const offer = await doneSandboxOffer(dealer.token);
    const code = offer.order.pickupCode;
    for (const frameNumber of ['abc', 'x'.repeat(31), 'WBK 2026', 'WBK_1']) {
      const res = await handover(dealer.token, offer.id, { pickupCode: code, frameNumber, batterySerialNumber: 'B1' });
      expect(res.status).toBe(400);
      expect(res.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'frameNumber' });
    }
    const noBattery = await handover(dealer.token, offer.id, { pickupCode: code, frameNumber: 'WBK-1' });
    expect(noBattery.body.errors[0]).toMatchObject({ code: 'MISSING_PARAMETER', details: 'batterySerialNumber' });
    const future = await handover(dealer.token, offer.id, { pickupCode: code, ...valid, handedOverOn: '2999-01-01' });
    expect(future.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'handedOverOn' });
    const before = await handover(dealer.token, offer.id, { pickupCode: code, ...valid, handedOverOn: '2020-01-01' });
    expect(before.body.errors[0]).toMatchObject({ code: 'INVALID_PARAMETER', details: 'handedOverOn' });
    // None of these spent a try.
    expect((await findPurchaseOrder(getDb(), tenant(), offer.id))!.pickupCodeFailedAttempts).toBe(0);
  });

  it('takes a bicycle without battery when it is no e-bike', async () => {
    const offer = await doneSandboxOffer(dealer.token, { product: { bidexCode: '101020', brandName: 'Cube', modelName: 'Nature', priceGross: 899, listPriceGross: 999 } });
    const res = await handover(dealer.token, offer.id, { pickupCode: offer.order.pickupCode, frameNumber: 'c-12345' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.order.frameNumber).toBe('C-12345');
    expect(res.body.data.order.batterySerialNumber).toBeUndefined();
  });
});

describe('the lease’s dates (Europe/Berlin)', () => {
  it('start on the first of the next month and end the day before the term ends', () => {
    expect(leaseStartOf('2026-12-31')).toBe('2027-01-01');
    expect(leaseStartOf('2026-01-31')).toBe('2026-02-01');
    expect(leaseStartOf('2026-02-01')).toBe('2026-03-01');
    expect(leaseEndOf('2027-01-01', 36)).toBe('2029-12-31');
    expect(leaseEndOf('2026-03-01', 1)).toBe('2026-03-31');
    expect(leaseEndOf('2028-02-01', 1)).toBe('2028-02-29');
  });

  it('a handover at 23:30 on 31 December in Berlin (22:30 UTC) starts the lease on 1 January', async () => {
    const offer = await doneSandboxOffer(dealer.token);
    await updatePurchaseOrder(getDb(), offer.id, { createdAt: new Date('2026-12-01T10:00:00Z') });
    // 22:30 UTC on 31 December is 23:30 in Berlin: "today" is still the 31st.
    const answer = await handOver(tenant(), { type: 'client', id: 'test' }, offer.id, { pickupCode: offer.order.pickupCode, ...valid }, 'en', { now: new Date('2026-12-31T22:30:00Z') });
    expect(answer.order).toMatchObject({ handedOverOn: '2026-12-31', leaseStart: '2027-01-01', leaseEnd: '2029-12-31' });
  });

  it('a handover just after midnight in Berlin (still the day before in UTC) counts for the Berlin day', async () => {
    const offer = await doneSandboxOffer(dealer.token);
    await updatePurchaseOrder(getDb(), offer.id, { createdAt: new Date('2026-12-01T10:00:00Z') });
    const answer = await handOver(tenant(), { type: 'client', id: 'test' }, offer.id, { pickupCode: offer.order.pickupCode, ...valid }, 'en', { now: new Date('2027-01-31T23:30:00Z') });
    expect(answer.order).toMatchObject({ handedOverOn: '2027-02-01', leaseStart: '2027-03-01', leaseEnd: '2030-02-28' });
  });
});

describe('the tenant rule', () => {
  it('another dealer and the production client of the same dealer cannot see or hand over the order', async () => {
    const offer = await doneSandboxOffer(dealer.token);
    const other = await newDealer();
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    for (const token of [other.token, production.token]) {
      expect((await api.get(`/v1/offers/${offer.id}`, { token })).status).toBe(404);
      const res = await handover(token, offer.id, { pickupCode: offer.order.pickupCode, ...valid });
      expect(res.status).toBe(404);
      expect((await api.get(`/v1/offers/${offer.id}/invoice/document`, { token })).status).toBe(404);
    }
    expect((await findPurchaseOrder(getDb(), tenant(), offer.id))!.status).toBe('awaiting_handover');
  });
});
