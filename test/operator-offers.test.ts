import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listHistory } from '@/db/repositories/history';
import { findOfferOwner, offerHistoryForOperator } from '@/db/repositories/operator';
import { DEMO } from '@/db/seed';
import { offerReview } from '@/lib/console/use-cases/offers';
import { reprocessOffer } from '@/lib/offers/use-cases/reprocess-offer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { demoToken, newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoOperator, demoUser, newOperatorUser } from './operator-session';

// The operator's actions on offers of any dealer, through the console endpoints: every lifecycle
// step after draft, declines with a reason typed once (marked with its language), cancel, and re-running processing;
// each recorded in the offer's history with the operator's identity.

async function draftOffer(token?: string, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(token ?? (await demoToken()), overrides);
  await processOffers({ ids: [offer.id] });
  return offer.id;
}

async function operatorHeaders() {
  return consoleHeaders(await demoUser('operator@example.com'));
}

const ON_BEHALF = ['start_order', 'submit_order', 'employer_approve', 'employer_decline'];

/** A console step; the customer's and the employer's steps carry the operator's why unless the body says otherwise. */
const step = async (id: string, body: Record<string, unknown>, headers?: Record<string, string>) =>
  api.post(`/api/console/offers/${id}/steps`, {
    headers: headers ?? (await operatorHeaders()),
    body: ON_BEHALF.includes(String(body.action)) && !('onBehalfReason' in body) ? { ...body, onBehalfReason: 'Telefonisch beauftragt' } : body,
  });

describe('lifecycle steps in the console', () => {
  it('takes an offer of another dealer from draft to done, each step recorded with the operator', async () => {
    const dealer = await newDealer();
    const id = await draftOffer(dealer.token);
    const headers = await operatorHeaders();
    const operator = await demoUser('operator@example.com');
    const path: [string, string][] = [
      ['start_order', 'order_journey_started'],
      ['submit_order', 'employer_decision_pending'],
      ['employer_approve', 'operator_decision_pending'],
      ['operator_approve', 'done'],
    ];
    for (const [action, to] of path) {
      const res = await step(id, { action }, headers);
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.status.current.code).toBe(to);
    }
    const { rows } = await listHistory(getDb(), id, 20, 0);
    const steps = rows.filter((h) => h.actorType === 'operator').reverse();
    expect(steps.map((h) => [h.action, h.fromStatus, h.toStatus])).toEqual([
      ['start_order', 'draft', 'order_journey_started'],
      ['submit_order', 'order_journey_started', 'employer_decision_pending'],
      ['employer_approve', 'employer_decision_pending', 'operator_decision_pending'],
      ['operator_approve', 'operator_decision_pending', 'done'],
      // The approval issues the dealer's purchase order (its entry: the offer's status unchanged).
      ['order_issued', null, null],
    ]);
    expect(steps.every((h) => h.actorId === operator.id && h.actorName === 'Otto Operator')).toBe(true);
    // The steps taken for the customer and the employer name them and say why.
    expect(steps[0]!.changes).toEqual([
      { field: 'onBehalfOf', new: 'Erika Mustermann' },
      { field: 'onBehalfReason', new: 'Telefonisch beauftragt' },
    ]);
    expect(steps[3]!.changes).toEqual([]);

    // The dealer sees the operator's steps in its own history through /v1.
    const history = await api.get(`/v1/offers/${id}/history`, { token: dealer.token });
    // Newest first: the order the approval issued, then the approval itself.
    expect(history.body.data[0]).toMatchObject({ action: 'order_issued', actor: { type: 'operator', id: operator.id } });
    expect(history.body.data[1]).toMatchObject({ action: 'operator_approve', actor: { type: 'operator', id: operator.id, name: 'Otto Operator' } });

    // Done is final: no further step, no cancel, no re-run.
    const again = await step(id, { action: 'operator_approve' }, headers);
    expect(again.status).toBe(409);
    expect(again.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
    expect((await api.post(`/api/console/offers/${id}/cancel`, { headers, body: { cancelReason: 'other' } })).status).toBe(409);
    expect((await api.post(`/api/console/offers/${id}/reprocess`, { headers })).status).toBe(409);
  });

  it('declines with a reason typed once in the operator’s language; the dealer reads it as written, marked with its language', async () => {
    for (const [decline, before, code, lang] of [
      ['employer_decline', ['start_order', 'submit_order'], 'EMPLOYER_DECLINED', 'de'],
      ['operator_decline', ['start_order', 'submit_order', 'employer_approve'], 'OPERATOR_DECLINED', 'en'],
    ] as const) {
      const id = await draftOffer();
      for (const action of before) expect((await step(id, { action })).status).toBe(200);
      const text = lang === 'de' ? `Budget erschöpft (${code})` : `Budget exhausted (${code})`;
      const translations =
        lang === 'de' ? { de: text, en: `${text} (written in German)` } : { de: `${text} (auf Englisch verfasst)`, en: text };
      const res = await step(id, { action: decline, reason: { text, lang } });
      expect(res.status, res.text).toBe(200);
      expect(res.body.data.status.current.code).toBe('rejected');
      expect(res.body.data.status.errors).toEqual([{ code, message: translations.en, translations, docs: expect.stringMatching(new RegExp(`/docs/errors#${code}$`)) }]);

      // The dealer reads the status error through /v1, in the contract's shape.
      const asDealer = await api.get(`/v1/offers/${id}`, { token: await demoToken(), headers: { 'accept-language': 'de' } });
      expect(asDealer.status).toBe(200);
      expect(asDealer.body.data.status.errors[0]).toMatchObject({ code, message: translations.de, translations });
      // The history records the reason as written.
      const [entry] = await offerHistoryForOperator(getDb(), id);
      expect(entry).toMatchObject({ action: decline, actorType: 'operator', toStatus: 'rejected' });
      expect(entry!.changes[0]).toEqual({ field: 'reason', new: text });
    }
  });

  it('validates step bodies: a decline needs its text and language, an approval takes none, unknown actions and ids are refused', async () => {
    const id = await draftOffer();
    for (const action of ['start_order', 'submit_order']) expect((await step(id, { action })).status).toBe(200);

    const noReason = await step(id, { action: 'employer_decline' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.errors[0].details).toBe('reason');
    const blank = await step(id, { action: 'employer_decline', reason: { text: '  ', lang: 'de' } });
    expect(blank.status).toBe(400);
    expect(blank.body.errors[0].details).toBe('reason.text');
    const noLang = await step(id, { action: 'employer_decline', reason: { text: 'Nein', lang: 'fr' } });
    expect(noLang.status).toBe(400);
    expect(noLang.body.errors[0].details).toBe('reason.lang');
    // The former shape (both languages) is refused, not half read.
    expect((await step(id, { action: 'employer_decline', reason: { de: 'Nein', en: 'No' } })).status).toBe(400);
    expect((await step(id, { action: 'employer_approve', reason: { text: 'a', lang: 'de' } })).status).toBe(400);
    // An own step of the operator takes no reason for acting on someone's behalf; a step for the
    // employer or the customer needs it.
    expect((await step(id, { action: 'operator_approve', onBehalfReason: 'x' })).status).toBe(400);
    const noWhy = await step(id, { action: 'employer_approve', onBehalfReason: ' ' });
    expect(noWhy.status).toBe(400);
    expect(noWhy.body.errors[0].details).toBe('onBehalfReason');
    expect((await step(id, { action: 'accept' })).status).toBe(400);
    expect((await step(id, { action: 'cancel' })).status).toBe(400);
    // Skipping a step is not in the lifecycle table.
    const skip = await step(id, { action: 'operator_approve' });
    expect(skip.status).toBe(409);
    expect(skip.body.errors[0].details).toContain('employer_decision_pending');

    const headers = await operatorHeaders();
    const start = { action: 'start_order', onBehalfReason: 'x' };
    expect((await api.post('/api/console/offers/not-a-uuid/steps', { headers, body: start })).status).toBe(400);
    expect((await api.post(`/api/console/offers/${crypto.randomUUID()}/steps`, { headers, body: start })).status).toBe(404);
    expect((await api.post(`/api/console/offers/${id}/steps`, { headers, raw: 'nope', body: undefined })).status).toBe(400);
    // Still where it was.
    expect((await api.get(`/v1/offers/${id}`, { token: await demoToken() })).body.data.status.current.code).toBe('employer_decision_pending');
  });

  it('cancels as the operator with a reason', async () => {
    const id = await draftOffer();
    const other = await newOperatorUser();
    const res = await api.post(`/api/console/offers/${id}/cancel`, {
      headers: await consoleHeaders(other),
      body: { cancelReason: 'manufacturer_recall', contactFromEmployeeRequested: true },
    });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ cancelReason: 'manufacturer_recall', contactFromEmployeeRequested: true, status: { current: { code: 'canceled' } } });
    const [entry] = await offerHistoryForOperator(getDb(), id);
    expect(entry).toMatchObject({ action: 'canceled', actorType: 'operator', actorId: other.id, actorName: other.name });
    expect((await api.post(`/api/console/offers/${id}/cancel`, { headers: await consoleHeaders(other), body: { cancelReason: 'whatever' } })).status).toBe(400);
  });
});

describe('re-running processing', () => {
  it('re-checks a rejected offer after the employer’s policy changed: a new change, recorded, processed at once', async () => {
    // An S-pedelec for Acme's employee: Acme excludes S-pedelecs (103000).
    const token = await demoToken();
    const offer = await createOffer(token, {
      customerEmail: DEMO.employeeEmail,
      product: { bidexCode: '103010', brandName: 'Stromer', modelName: 'ST3', priceGross: 5000, listPriceGross: 5500 },
    });
    await processOffers({ ids: [offer.id] });
    const rejected = (await api.get(`/v1/offers/${offer.id}`, { token })).body.data;
    expect(rejected.status.errors.map((e: { code: string }) => e.code)).toEqual(['CATEGORY_NOT_ALLOWED']);

    const headers = await operatorHeaders();
    // Unchanged policy: processing rejects it again (as a new change).
    const same = await api.post(`/api/console/offers/${offer.id}/reprocess`, { headers });
    expect(same.status, same.text).toBe(200);
    expect(same.body.data.status.current.code).toBe('rejected');

    // The operator allows S-pedelecs for Acme, then re-runs processing.
    const policy = await api.put(`/api/console/employers/${DEMO.employer.id}/policy`, { headers, body: { excludedCodes: ['108000'] } });
    expect(policy.status, policy.text).toBe(200);
    const res = await api.post(`/api/console/offers/${offer.id}/reprocess`, { headers });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.status.current.code).toBe('draft');
    expect(res.body.data.status.errors).toEqual([]);

    const history = await offerHistoryForOperator(getDb(), offer.id);
    const [processed, reprocess] = history;
    expect(reprocess).toMatchObject({ action: 'reprocess', actorType: 'operator', actorName: 'Otto Operator', fromStatus: 'rejected', toStatus: 'pending' });
    expect(processed).toMatchObject({ action: 'processed', actorType: 'system', fromStatus: 'pending', toStatus: 'draft' });
    // Each re-run is a change of its own: created = 1, then 2 and 3.
    expect(history.filter((h) => h.action === 'reprocess').map((h) => h.changeSeq)).toEqual([3, 2]);
    expect(processed!.changeSeq).toBe(3);
    // Restore the demo policy for the other tests of this file.
    await api.put(`/api/console/employers/${DEMO.employer.id}/policy`, { headers, body: { excludedCodes: ['103000'] } });
  });

  it('re-runs a draft as well, and refuses statuses the lifecycle does not resubmit from', async () => {
    const operator = await demoOperator();
    const actor = { type: 'operator' as const, id: operator.id, name: operator.name };
    const id = await draftOffer();
    const owner = (await findOfferOwner(getDb(), id))!;
    expect(owner).toMatchObject({ dealerId: DEMO.dealerA.id, environment: 'sandbox', dealerName: 'Radhaus Demo' });
    const again = await reprocessOffer(owner, actor, id, 'en');
    expect(again.status.current.code).toBe('draft');

    const headers = await operatorHeaders();
    const pending = await createOffer(await demoToken());
    expect((await api.post(`/api/console/offers/${pending.id}/reprocess`, { headers })).status).toBe(409);
    expect((await step(id, { action: 'start_order' })).status).toBe(200);
    const started = await api.post(`/api/console/offers/${id}/reprocess`, { headers });
    expect(started.status).toBe(409);
    expect(started.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
  });

  it('gathers the review page’s data: owner, offer with texts in the language, whole history', async () => {
    const id = await draftOffer();
    await step(id, { action: 'start_order' });
    const review = (await offerReview(id, 'de'))!;
    expect(review.owner.dealerName).toBe('Radhaus Demo');
    expect(review.offer.status.current).toMatchObject({ code: 'order_journey_started', message: expect.stringContaining('Bestellung') });
    expect(review.history.map((h) => h.action)).toEqual(['start_order', 'processed', 'created']);
    expect(await offerReview(crypto.randomUUID(), 'en')).toBeNull();
  });
});
