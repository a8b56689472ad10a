import { randomUUID } from 'node:crypto';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import ErrorReferencePage from '@/app/docs/errors/page';
import { ERROR_STATUS, type ErrorCode } from '@/lib/api/errors';
import { ERROR_REFERENCE_PATH, errorReference } from '@/lib/api/error-reference';
import { OAUTH_ERRORS } from '@/lib/auth/oauth-errors';
import { env } from '@/lib/env';
import { errorReferenceTexts, errorTexts } from '@/lib/i18n/messages';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { publishSchedule, secondsUntilProcessed } from '@/lib/ops/next-run';
import { api } from './helpers/api';
import { newClient, newDealer, type TestDealer } from './helpers/auth';
import { createOffer, offerBody } from './helpers/offers';

// The published error reference (/docs/errors) and what the errors of the API say: a `docs` link to
// an anchor of that page on every error, Retry-After on 406, details on 409.

async function renderReference(lang: 'de' | 'en'): Promise<string> {
  return renderToStaticMarkup(await ErrorReferencePage({ searchParams: Promise.resolve({ lang }) }));
}
const anchorsOf = (html: string) => new Set([...html.matchAll(/\sid="([^"]+)"/g)].map((m) => m[1]!));

let dealer: TestDealer;
beforeAll(async () => {
  dealer = await newDealer();
});

describe('the error reference (/docs/errors)', () => {
  it('has an entry for every code of the error table, with status, message, cause and fix in German and English', async () => {
    const codes = Object.keys(ERROR_STATUS) as ErrorCode[];
    expect(Object.keys(errorTexts).sort()).toEqual([...codes].sort());
    expect(Object.keys(errorReferenceTexts).sort()).toEqual([...codes].sort());
    expect(errorReference().map((e) => e.code)).toEqual(Object.keys(errorTexts));
    for (const lang of ['de', 'en'] as const) {
      const html = await renderReference(lang);
      const anchors = anchorsOf(html);
      expect(html).toContain(`lang="${lang}"`);
      for (const entry of errorReference()) {
        expect(anchors.has(entry.code), `${lang}: #${entry.code}`).toBe(true);
        for (const text of [entry.message[lang], entry.cause[lang], entry.fix[lang]]) {
          expect(text.length).toBeGreaterThan(10);
          expect(text).not.toMatch(/[{}]/);
          expect(html).toContain(escapeHtml(text));
        }
        expect(html).toContain(`>${ERROR_STATUS[entry.code]}<`);
      }
      for (const code of Object.keys(OAUTH_ERRORS)) expect(anchors.has(`oauth-${code}`), code).toBe(true);
    }
    // The two languages really differ (not one text twice).
    expect(await renderReference('de')).toContain(errorReferenceTexts.CONFLICT.fix.de);
    expect(await renderReference('de')).not.toContain(escapeHtml(errorReferenceTexts.CONFLICT.fix.en));
  });

  it('is linked from every error answer: `docs` points at an anchor the page has', async () => {
    const anchors = anchorsOf(await renderReference('en'));
    const offer = await createOffer(dealer.token);
    const canceled = await createOffer(dealer.token);
    await api.post(`/v1/offers/${canceled.id}/cancel`, { token: dealer.token });
    const answers = await Promise.all([
      api.get('/v1/offers/not-a-uuid', { token: dealer.token }),
      api.get(`/v1/offers/${randomUUID()}`, { token: dealer.token }),
      api.get('/v1/offers', { token: 'nonsense' }),
      api.get('/v1/offers', { token: dealer.token, query: { perPage: 100000 } }),
      api.post('/v1/offers', { token: dealer.token, raw: '{"product":' }),
      api.post('/v1/offers', { token: dealer.token, body: { ...offerBody(), product: undefined } }),
      api.post('/v1/offers', { token: dealer.token, body: offerBody({ externalOfferId: offer.externalOfferId }) }),
      api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { product: offerBody().product, accessory: [] } }),
      api.put(`/v1/offers/${canceled.id}`, { token: dealer.token, body: { product: offerBody().product, accessory: [] } }),
      api.delete('/v1/offers', { token: dealer.token }),
      api.get('/v1/no-such-path', { token: dealer.token }),
    ]);
    const seen = new Set<string>();
    for (const res of answers) {
      expect(res.status).toBeGreaterThanOrEqual(400);
      for (const error of res.body.errors) {
        const url = new URL(error.docs);
        expect(url.origin).toBe(new URL(env.publicUrl).origin);
        expect(url.pathname).toBe(ERROR_REFERENCE_PATH);
        expect(url.hash).toBe(`#${error.code}`);
        expect(anchors.has(error.code), error.code).toBe(true);
        seen.add(error.code);
      }
    }
    expect([...seen].sort()).toEqual(
      ['CONFLICT', 'INVALID_PARAMETER', 'INVALID_REQUEST', 'METHOD_NOT_ALLOWED', 'MISSING_PARAMETER', 'NOT_FOUND', 'OFFER_IS_BEING_PROCESSED', 'OFFER_NOT_MODIFIABLE', 'UNAUTHORIZED'].sort(),
    );
  });
});

describe('406 OFFER_IS_BEING_PROCESSED: Retry-After until the next processing run', () => {
  let unpublish: (() => void) | undefined;
  afterEach(() => unpublish?.());

  it('answers the seconds until the processor of this process runs next, at least 1', async () => {
    const offer = await createOffer(dealer.token);
    const update = () => api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { product: offerBody().product, accessory: [] } });

    unpublish = publishSchedule({ intervalMs: 2000, nextRunAt: () => Date.now() + 4200 });
    const later = await update();
    expect(later.status).toBe(406);
    expect(later.headers.get('retry-after')).toBe('5');
    expect(later.body.errors[0].details).toMatch(/^status pending: .*about 5 s/);
    expect(later.body.errors[0].message).toContain('in about 5 s');
    expect(later.body.errors[0].translations.de).toContain('in etwa 5 s');

    unpublish();
    unpublish = publishSchedule({ intervalMs: 2000, nextRunAt: () => undefined }); // a run is in progress
    expect((await update()).headers.get('retry-after')).toBe('1');
  });

  it('counts the offer’s own due time (a retry after a failed attempt) and the interval of runs', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    unpublish = publishSchedule({ intervalMs: 2000, nextRunAt: () => now + 500 });
    expect(secondsUntilProcessed(null, now)).toBe(1);
    // Due in 7 s: the first run at or after it is at 0.5 + 4 × 2 = 8.5 s.
    expect(secondsUntilProcessed(new Date(now + 7000), now)).toBe(9);
    unpublish();
    // No processor in this process: the cron route's minute.
    expect(secondsUntilProcessed(null, now, undefined)).toBe(60);
    // Another worker of `npm start` processes every 2 s and was woken by the change: due now.
    expect(secondsUntilProcessed(null, now, 2000)).toBe(1);
    expect(secondsUntilProcessed(new Date(now + 5000), now, 2000)).toBe(6);
  });

  it('reads the schedule published by another bundle of the process (the server start publishes it, routes ask)', () => {
    const now = Date.parse('2026-11-24T10:00:00Z');
    // What lib/runtime/schedule.ts does in the instrumentation bundle, seen from here: process-wide.
    const holder = globalThis as Record<symbol, unknown>;
    holder[Symbol.for('spoke.processorSchedule')] = { intervalMs: 2000, nextRunAt: () => now + 1500 };
    unpublish = () => delete holder[Symbol.for('spoke.processorSchedule')];
    expect(secondsUntilProcessed(null, now)).toBe(2);
  });
});

describe('409 answers that say what to do', () => {
  it('OFFER_NOT_MODIFIABLE names the status and what may be done instead (update and cancel)', async () => {
    const offer = await createOffer(dealer.token);
    expect((await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token })).status).toBe(200);
    const update = await api.put(`/v1/offers/${offer.id}`, { token: dealer.token, body: { product: offerBody().product, accessory: [] } });
    expect(update.status).toBe(409);
    expect(update.body.errors[0]).toMatchObject({
      code: 'OFFER_NOT_MODIFIABLE',
      details: expect.stringMatching(/^status canceled \(final\): an update is possible in draft or rejected only\. Instead: create a new offer/),
    });
    const cancel = await api.post(`/v1/offers/${offer.id}/cancel`, { token: dealer.token, query: { cancelReason: 'other' } });
    expect(cancel.body.errors[0].details).toMatch(/^status canceled \(final\): a cancel is possible in any status but done and canceled/);
  });

  it('CONFLICT names the offer that holds the externalOfferId — of the same dealer and environment only', async () => {
    const ext = `HELD-${randomUUID()}`;
    const production = await newClient(dealer.dealerId, { environment: 'production' });
    const other = await newDealer();
    // The same id in another environment and at another dealer: no conflict, and never named.
    const elsewhere = await createOffer(production.token, { externalOfferId: ext });
    const foreign = await createOffer(other.token, { externalOfferId: ext });
    const holder = await createOffer(dealer.token, { externalOfferId: ext });
    await processOffers({ ids: [holder.id] });

    const res = await api.post('/v1/offers', { token: dealer.token, body: offerBody({ externalOfferId: ext }) });
    expect(res.status).toBe(409);
    const details: string = res.body.errors[0].details;
    expect(details).toBe(
      `externalOfferId: held by the active offer ${holder.offerNumber} (id ${holder.id}, status draft). Update that offer (PUT /v1/offers/${holder.id}), cancel it first, or send another externalOfferId.`,
    );
    for (const o of [elsewhere, foreign]) {
      expect(details).not.toContain(o.id);
      expect(details).not.toContain(o.offerNumber);
    }
  });
});

function escapeHtml(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#x27;');
}
