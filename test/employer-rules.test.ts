import { randomBytes } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { getDb } from '@/lib/database';
import { listEmployerChanges } from '@/db/repositories/employer-roster';
import { employers, notifications, offers } from '@/db/schema';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { addEmployee, hrOf, lease, newEmployer } from './helpers/employer-session';
import { createOffer } from './helpers/offers';
import { consoleHeaders, demoUser, ORIGIN } from './operator-session';
import { employerChanges } from '@/lib/employer/use-cases/history';

// The employer's rules kept by its HR staff within the operator's bounds (docs/employer.md, "Rules
// and bounds"), each change in the employer's history; the number of bicycles at once checked when
// the employee submits the order, never when the dealer creates the offer.

const rules = (over: Record<string, unknown> = {}) => ({ excludedCodes: [], minTotalPriceGross: null, maxTotalPriceGross: null, maxBicyclesAtOnce: null, ...over });

/** A production offer for the employee, processed and sent through the customer link: the link's token. */
async function offered(token: string, email: string, overrides: Record<string, unknown> = {}) {
  const offer = await createOffer(token, { customerEmail: email, ...overrides });
  await processOffers({ ids: [offer.id] });
  const sent = await api.post(`/v1/offers/${offer.id}/customer-link`, { token });
  expect(sent.status, sent.text).toBe(201);
  const [mail] = await getDb().select().from(notifications).where(and(eq(notifications.offerId, offer.id), eq(notifications.kind, 'customer_link')));
  return { id: offer.id, link: new URL(mail!.mailLink!).pathname.split('/').pop()! };
}

const step = (link: string, action: string, lang = 'de') =>
  api.post('/api/order/steps', { headers: { origin: ORIGIN, 'x-forwarded-for': `192.0.2.${randomBytes(1)[0]}`, 'accept-language': lang }, body: { token: link, action } });

const statusOf = async (id: string) => (await getDb().select({ s: offers.status }).from(offers).where(eq(offers.id, id)))[0]!.s;

describe('the employer’s rules', () => {
  it('HR edit their rules within the operator’s bounds; outside them the edit is refused naming each field, nothing changed; the history says who, old → new', async () => {
    const acme = await newEmployer();
    const hr = await hrOf(acme, 'Hanna Hübner');
    await getDb().update(employers).set({ totalPriceFloorGross: '500.00', totalPriceCeilingGross: '6000.00', bicyclesAtOnceCeiling: 2 }).where(eq(employers.id, acme.id));

    const outside = await api.put('/api/employer/policy', {
      headers: { ...hr.headers, 'accept-language': 'de' },
      body: rules({ minTotalPriceGross: 300, maxTotalPriceGross: 7000, maxBicyclesAtOnce: 3 }),
    });
    expect(outside.status).toBe(400);
    expect(outside.body.errors.map((e: { details: string; message: string }) => [e.details, e.message])).toEqual([
      ['minTotalPriceGross', 'Der niedrigste Gesamtpreis darf nicht unter 500,00\u00a0€ liegen (Grenze des Leasinggebers).'],
      ['maxTotalPriceGross', 'Der höchste Gesamtpreis darf nicht über 6.000,00\u00a0€ liegen (Grenze des Leasinggebers).'],
      ['maxBicyclesAtOnce', 'Höchstens 2 Fahrräder gleichzeitig (Grenze des Leasinggebers).'],
    ]);
    const unset = await api.put('/api/employer/policy', { headers: hr.headers, body: rules() });
    expect(unset.body.errors.map((e: { details: string }) => e.details)).toEqual(['maxTotalPriceGross', 'maxBicyclesAtOnce']);
    expect((await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ minTotalPriceGross: 900, maxTotalPriceGross: 800, maxBicyclesAtOnce: 1 }) })).status).toBe(400);
    expect((await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ excludedCodes: ['999999'], maxTotalPriceGross: 800, maxBicyclesAtOnce: 1 }) })).status).toBe(400);
    const [unchanged] = await getDb().select().from(employers).where(eq(employers.id, acme.id));
    expect([unchanged!.minTotalPriceGross, unchanged!.maxTotalPriceGross, unchanged!.maxBicyclesAtOnce]).toEqual([null, null, null]);

    const within = await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ excludedCodes: ['103000'], minTotalPriceGross: 800, maxTotalPriceGross: 5000, maxBicyclesAtOnce: 1 }) });
    expect(within.status, within.text).toBe(200);
    const again = await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ excludedCodes: ['103000'], minTotalPriceGross: 800, maxTotalPriceGross: 4500, maxBicyclesAtOnce: 1 }) });
    expect(again.status).toBe(200);
    // A save that changes nothing records nothing.
    await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ excludedCodes: ['103000'], minTotalPriceGross: 800, maxTotalPriceGross: 4500, maxBicyclesAtOnce: 1 }) });
    const { rows } = await listEmployerChanges(getDb(), acme.id, { limit: 10, offset: 0 });
    expect(rows.map((r) => [r.kind, r.actorType, r.actorName, r.changes])).toEqual([
      ['rules_changed', 'employer', 'Hanna Hübner', [{ field: 'maxTotalPriceGross', old: 5000, new: 4500 }]],
      [
        'rules_changed',
        'employer',
        'Hanna Hübner',
        [
          { field: 'excludedCodes', old: [], new: ['103000'] },
          { field: 'minTotalPriceGross', old: null, new: 800 },
          { field: 'maxTotalPriceGross', old: null, new: 5000 },
          { field: 'maxBicyclesAtOnce', old: null, new: 1 },
        ],
      ],
    ]);
    // Another employer's HR change their own employer only.
    const beta = await newEmployer();
    const betaHr = await hrOf(beta);
    expect((await api.put('/api/employer/policy', { headers: betaHr.headers, body: rules({ maxBicyclesAtOnce: 5 }) })).status).toBe(200);
    const [still] = await getDb().select().from(employers).where(eq(employers.id, acme.id));
    expect(still!.maxBicyclesAtOnce).toBe(1);
  });

  it('refuses a second bicycle over the limit when the employee submits, saying why in her language; nothing moves; the dealer’s offer is created all the same', async () => {
    const acme = await newEmployer('Limit GmbH');
    await getDb().update(employers).set({ maxBicyclesAtOnce: 1 }).where(eq(employers.id, acme.id));
    const erika = await addEmployee(acme.id, 'Erika Muster');
    await lease(acme.id, erika, '2026-01-01', '2028-12-31');
    const dealer = await newDealer({ environment: 'production' });
    // Not checked when the dealer creates the offer.
    const second = await offered(dealer.token, erika);
    expect((await step(second.link, 'start_order')).status).toBe(200);
    const refused = await step(second.link, 'submit_order');
    expect(refused.status).toBe(409);
    expect(refused.body.errors).toMatchObject([
      {
        code: 'ORDER_NOT_ALLOWED',
        details: 'limit',
        message: 'Limit GmbH erlaubt ein Dienstrad gleichzeitig; Sie haben bereits eins (laufende Verträge und Bestellungen in Bearbeitung). Ihre Bestellung wurde nicht abgeschickt; bitte sprechen Sie mit Ihrem Arbeitgeber.',
      },
    ]);
    expect((await step(second.link, 'submit_order', 'en')).body.errors[0].message).toContain('Limit GmbH allows one company bicycle at once; you have one already');
    expect(await statusOf(second.id)).toBe('order_journey_started');

    // An order in flight counts too: with two allowed, the second submits, the third does not.
    await getDb().update(employers).set({ maxBicyclesAtOnce: 2 }).where(eq(employers.id, acme.id));
    expect((await step(second.link, 'submit_order')).status).toBe(200);
    expect(await statusOf(second.id)).toBe('employer_decision_pending');
    const third = await offered(dealer.token, erika);
    expect((await step(third.link, 'start_order')).status).toBe(200);
    expect((await step(third.link, 'submit_order')).status).toBe(409);

    // A lease that ended before today no longer counts; no limit, no check.
    const bert = await addEmployee(acme.id, 'Bert Ended');
    await lease(acme.id, bert, '2021-01-01', '2023-12-31');
    await lease(acme.id, bert, '2022-01-01', '2024-12-31', { status: 'canceled' });
    await getDb().update(employers).set({ maxBicyclesAtOnce: 1 }).where(eq(employers.id, acme.id));
    const fresh = await offered(dealer.token, bert);
    expect((await step(fresh.link, 'start_order')).status).toBe(200);
    expect((await step(fresh.link, 'submit_order')).status).toBe(200);
  });

  it('refuses an order below the employer’s lowest total at every order step', async () => {
    const acme = await newEmployer('Mindest AG');
    await getDb().update(employers).set({ minTotalPriceGross: '5000.00' }).where(eq(employers.id, acme.id));
    const dealer = await newDealer({ environment: 'production' });
    const offer = await offered(dealer.token, await addEmployee(acme.id, 'Mia Min'));
    const res = await step(offer.link, 'start_order', 'en');
    expect(res.status).toBe(409);
    expect(res.body.errors[0]).toMatchObject({ details: 'price', message: expect.stringContaining('below the lowest total of Mindest AG (€5,000.00)') });
  });

  it('the console sets the bounds and the price limit: recorded in the console’s log and the employer’s history, old → new; HR see it', async () => {
    const acme = await newEmployer();
    const hr = await hrOf(acme);
    const operator = await consoleHeaders(await demoUser('operator@example.com'));
    const body = { maxTotalPriceGross: 4000, totalPriceFloorGross: 500, totalPriceCeilingGross: 6000, bicyclesAtOnceCeiling: 2 };
    const res = await api.put(`/api/console/employers/${acme.id}/bounds`, { headers: operator, body });
    expect(res.status, res.text).toBe(200);
    expect((await api.put(`/api/console/employers/${acme.id}/bounds`, { headers: operator, body: { ...body, bicyclesAtOnceCeiling: 0 } })).status).toBe(400);
    expect((await api.put(`/api/console/employers/${acme.id}/bounds`, { headers: hr.headers, body })).status).toBe(403);
    const [row] = await getDb().select().from(employers).where(eq(employers.id, acme.id));
    expect([row!.maxTotalPriceGross, row!.totalPriceFloorGross, row!.totalPriceCeilingGross, row!.bicyclesAtOnceCeiling]).toEqual(['4000.00', '500.00', '6000.00', 2]);
    const { changes } = await employerChanges(hr.staff, 'de', { limit: 10, offset: 0 });
    expect(changes.map((c) => [c.kind, c.actorType, c.changes.map((x) => [x.field, x.old.value, x.new.value])])).toEqual([
      ['rules_changed', 'operator', [['maxTotalPriceGross', null, 4000]]],
      [
        'bounds_changed',
        'operator',
        [
          ['totalPriceFloorGross', null, 500],
          ['totalPriceCeilingGross', null, 6000],
          ['bicyclesAtOnceCeiling', null, 2],
        ],
      ],
    ]);
    // HR's edit now meets the bounds.
    expect((await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ maxTotalPriceGross: 4000, maxBicyclesAtOnce: 3 }) })).status).toBe(400);
    expect((await api.put('/api/employer/policy', { headers: hr.headers, body: rules({ maxTotalPriceGross: 4000, maxBicyclesAtOnce: 2 }) })).status).toBe(200);
  });
});
