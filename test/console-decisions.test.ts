import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { offers } from '@/db/schema';
import { catalogue } from '@/lib/i18n/catalogue';
import { consoleTranslator, statusLabel } from '@/lib/console/i18n';
import { operatorStatusLabel } from '@/lib/console/work-texts';
import { OFFER_STATUSES } from '@/lib/shared/model';
import { workTranslator } from '@/lib/console/work-texts';
import { loadWorkQueue, nextInQueue } from '@/lib/console/use-cases/work-queues';
import { workQueueQuerySchema, workQueueSearch } from '@/lib/console/schemas';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser, newOperatorUser } from './operator-session';

// The console's decisions: the question asked before a final or bulk decision names how many
// offers (plurals right in both languages) and what happens; a decision taken from a queue goes
// on to the queue's next offer that no other operator holds.

const DAY = 86_400_000;

describe('the questions before a decision', () => {
  it('count the offers in words, one and many, in German and English', () => {
    const de = workTranslator('de');
    const en = workTranslator('en');
    expect(de('approveTitle', { count: 1 })).toBe('1 Angebot genehmigen?');
    expect(de('approveTitle', { count: 3 })).toBe('3 Angebote genehmigen?');
    expect(de('approveText', { count: 3 })).toMatch(/^Sie werden abgeschlossen \(endgültig\)/);
    expect(de('approveText', { count: 1 })).toMatch(/^Es wird abgeschlossen \(endgültig\)/);
    expect(de('bulkConfirmDecline', { count: 1 })).toBe('1 Angebot ablehnen');
    expect(de('bulkConfirmDecline', { count: 1200 })).toBe('1.200 Angebote ablehnen');
    expect(de('toastApproved', { count: 1 })).toBe('1 Angebot genehmigt');
    expect(de('toastFailed', { count: 2 })).toMatch(/^2 Angebote wurden nicht geändert/);
    expect(en('approveTitle', { count: 1 })).toBe('Approve 1 offer?');
    expect(en('declineTitle', { count: 2 })).toBe('Decline 2 offers?');
    expect(en('toastDeclined', { count: 1 })).toBe('1 offer declined');
    expect(consoleTranslator('de')('approveOneTitle', { number: 'SPK-100001' })).toBe('Angebot SPK-100001 genehmigen?');
  });
});

describe('the status names', () => {
  it('are one set: the console adds only its perspective, never another name for a status', () => {
    for (const lang of ['de', 'en'] as const) {
      const names = OFFER_STATUSES.map((s) => statusLabel(s, lang));
      expect(new Set(names).size, lang).toBe(OFFER_STATUSES.length);
      for (const status of OFFER_STATUSES) {
        const perspective = operatorStatusLabel(status, lang);
        for (const name of names) expect(perspective, `${lang} ${status}`).not.toContain(name);
      }
    }
    expect(statusLabel('draft', 'de')).toBe('Gültig (Entwurf)');
    expect(operatorStatusLabel('operator_decision_pending', 'de')).toBe('Sie sind dran');
    // The console's hints do not repeat the status's name either ("Abgeschlossen" once in the box).
    for (const status of OFFER_STATUSES) expect(consoleTranslator('de')(`opHint_${status}` as never)).not.toContain(statusLabel(status, 'de'));
  });

  it('present a decline by the employer or the operator as a decision with its next steps, not as the dealer’s to fix', () => {
    for (const lang of ['de', 'en'] as const) {
      const declined = operatorStatusLabel('rejected', lang, [{ code: 'EMPLOYER_DECLINED' }]);
      expect(declined).not.toBe(operatorStatusLabel('rejected', lang));
      expect(declined).not.toContain(statusLabel('rejected', lang));
      expect(operatorStatusLabel('rejected', lang, [{ code: 'OPERATOR_DECLINED' }])).toBe(declined);
      // A rejection by the checks stays the dealer's to correct.
      expect(operatorStatusLabel('rejected', lang, [{ code: 'PRICE_ABOVE_LIST_PRICE' }])).toBe(operatorStatusLabel('rejected', lang));
    }
    expect(operatorStatusLabel('rejected', 'de', [{ code: 'OPERATOR_DECLINED' }])).toBe('Entschieden, nichts zu beheben');
    expect(consoleTranslator('de')('opHint_declined')).toContain('neues Angebot');
    expect(consoleTranslator('en')('opHint_declined')).toContain('new offer');
  });

  it('counts right in every console message: never "1 Angebote" or "1 offers"', () => {
    const plural = /(^|[^\d.,])1 (Angebote|Tage|Datensätze|Kategorien|Händler\b|offers|days|records|categories|dealers|Minuten|Tagen|minutes)\b/;
    for (const lang of ['de', 'en'] as const) {
      const t = consoleTranslator(lang);
      for (const [key, text] of Object.entries(catalogue[lang].console)) {
        if (typeof text !== 'string' || !text.includes('{')) continue;
        const params = Object.fromEntries([...text.matchAll(/\{(\w+)/g)].map((m) => [m[1]!, 1]));
        expect(t(key as never, params), `${lang}.${key}`).not.toMatch(plural);
      }
    }
    expect(workTranslator('de')('countLabel', { count: 1 })).toBe('1 Angebot');
    expect(workTranslator('en')('days', { n: 1 })).toBe('1 day');
  });
});

describe('a queue after a decision', () => {
  it('goes on to its longest-waiting other offer that no other operator holds', async () => {
    const dealer = await newDealer({ name: `Next ${crypto.randomUUID().slice(0, 6)}` });
    const ana = await demoUser('operator@example.com');
    const ben = await newOperatorUser();
    const A = await consoleHeaders(ana);
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const { id } = await createOffer(dealer.token);
      await processOffers({ ids: [id] });
      for (const action of ['start_order', 'submit_order', 'employer_approve']) {
        const res = await api.post(`/api/console/offers/${id}/steps`, { headers: A, body: { action, onBehalfReason: 'Telefonisch beauftragt' } });
        expect(res.status, res.text).toBe(200);
      }
      // Waiting longer than anything else in the shared queue, the first the longest.
      await getDb()
        .update(offers)
        .set({ statusChangedAt: new Date(Date.now() - (5000 - i) * DAY) })
        .where(eq(offers.id, id));
      ids.push(id);
    }
    const [first, second, third] = ids as [string, string, string];
    expect(await nextInQueue('decision', first, ana.id)).toBe(second);
    // Another operator holds the second: the queue goes on to the third.
    const taken = await api.post(`/api/console/offers/${second}/claim`, { headers: await consoleHeaders(ben), body: {} });
    expect(taken.status, taken.text).toBe(200);
    expect(await nextInQueue('decision', first, ana.id)).toBe(third);
    // The second is still the next offer for the operator who holds it.
    expect(await nextInQueue('decision', first, ben.id)).toBe(second);

    // Approved, the first leaves the queue; from the second, the next is the third for Ben.
    const approved = await api.post(`/api/console/offers/${first}/steps`, { headers: A, body: { action: 'operator_approve' } });
    expect(approved.status, approved.text).toBe(200);
    expect(await nextInQueue('decision', second, ben.id)).toBe(third);
    // A closed offer is worked on by nobody: it cannot be claimed.
    const closed = await api.post(`/api/console/offers/${first}/claim`, { headers: A, body: {} });
    expect(closed.status).toBe(409);
    expect(closed.body.errors[0].code).toBe('OFFER_NOT_MODIFIABLE');
  });
});

describe('a work queue’s filters and order', () => {
  it('offers only the filters that narrow the queue, in one order, and drops values nobody could mean', () => {
    const params = new URLSearchParams('code=PRICE_ABOVE_LIST_PRICE&status=done&age=-3&q=Müller&dealer=x&order=desc&sortBy=total&page=2');
    const get = (k: string) => params.get(k);
    expect(workQueueSearch('decision', get)).toBe('q=M%C3%BCller&sortBy=total&order=desc&page=2');
    expect(workQueueSearch('rejected', get)).toBe('q=M%C3%BCller&code=PRICE_ABOVE_LIST_PRICE&sortBy=total&order=desc&page=2');
    expect(workQueueSearch('search', get)).toBe('q=M%C3%BCller&status=done&sortBy=total&order=desc&page=2');
    expect(workQueueSearch('search', (k) => (k === 'sortBy' ? 'price; drop table' : null))).toBe('');
  });

  it('sorts on the server by the chosen column, either way, and ignores a filter the queue does not offer', async () => {
    const dealer = await newDealer({ name: `Sort ${crypto.randomUUID().slice(0, 6)}`, environment: 'production' });
    const A = await consoleHeaders(await demoUser('operator@example.com'));
    const ids: string[] = [];
    for (const price of [2500, 1500, 3500]) {
      const { id } = await createOffer(dealer.token, { product: { bidexCode: '102020', brandName: 'Cube', modelName: 'Sort', priceGross: price, listPriceGross: 4000 }, accessory: [] });
      await processOffers({ ids: [id] });
      for (const action of ['start_order', 'submit_order', 'employer_approve']) {
        expect((await api.post(`/api/console/offers/${id}/steps`, { headers: A, body: { action, onBehalfReason: 'Telefonisch beauftragt' } })).status).toBe(200);
      }
      ids.push(id);
    }
    const totals = async (query: Record<string, string>) =>
      (await loadWorkQueue('decision', workQueueQuerySchema.parse({ dealer: dealer.dealerId, ...query }))).rows.map((r) => Number(r.totalPriceGross));
    const ascending = await totals({ sortBy: 'total' });
    expect(ascending).toHaveLength(3);
    expect(ascending).toEqual([...ascending].sort((a, b) => a - b));
    expect(ascending[0]).toBeLessThan(ascending[2]!);
    expect(await totals({ sortBy: 'total', order: 'desc' })).toEqual([...ascending].reverse());
    // The default: the longest-waiting first.
    expect((await loadWorkQueue('decision', workQueueQuerySchema.parse({ dealer: dealer.dealerId }))).rows.map((r) => r.id)).toEqual(ids);
    // An error code means nothing in the decision queue: not applied (the endpoint answers the queue).
    const res = await api.get(`/api/console/queues/decision?dealer=${dealer.dealerId}&code=PRICE_ABOVE_LIST_PRICE&sortBy=total&order=desc`, { headers: A });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data.rows.map((r: { totalPriceGross: string }) => Number(r.totalPriceGross))).toEqual([...ascending].reverse());
    expect((await api.get('/api/console/queues/decision?sortBy=price', { headers: A })).status).toBe(400);
  });
});
