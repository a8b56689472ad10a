import 'server-only';
import { randomUUID } from 'node:crypto';
import type { Db } from '@/db/client';
import { findOpenRequest } from '@/db/repositories/employer-requests';
import { findPortalUserByEmail } from '@/db/repositories/portal-users';
import { insertEndpoint, type OutboxEvent } from '@/db/repositories/webhooks';
import { recordAttempt } from '@/db/repositories/webhook-sending';
import { DEMO } from '@/db/seed';
import { dateBack, declineReason, existingLivedIn, planLivedIn, randomOf, seedEmployers, type PlannedOffer } from '@/db/seed/lived-in';
import { seedLivedInLeases, seedPayrollClerk } from '@/db/seed/lived-in-leases';
import { seedLivedInOrders } from './lived-in-orders';
import { hashSecret } from '@/lib/auth/secret-hash';
import { countEndpoints, dateEndpoint, endpointDeliveries, insertEndpointDeliveries, livedInHistory, lockDelivery } from '@/db/seed/lived-in-webhooks';
import type { Principal } from '@/lib/auth/principal';
import { SCOPES } from '@/lib/auth/scopes';
import { operatorActor } from '@/lib/console/use-cases/operator';
import { decideRequest } from '@/lib/employer/use-cases/requests';
import { logger } from '@/lib/logger';
import { cancelOffer } from '@/lib/offers/use-cases/cancel-offer';
import { createOffer } from '@/lib/offers/use-cases/create-offer';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { advanceSandboxOffer, applyStep } from '@/lib/offers/use-cases/transition-offer';
import { updateOffer } from '@/lib/offers/use-cases/update-offer';
import { issueCustomerLink } from '@/lib/orders/customer-link';
import { customerStep } from '@/lib/orders/customer-order';
import type { Actor, Tenant } from '@/lib/shared/model';
import { eventTypeOf } from '@/lib/webhooks/events';
import { encryptSecret, generateWebhookSecret } from '@/lib/webhooks/secret-box';

// The lived-in demo (docs/decisions.md, "A lived-in demo"): dealer A's months of work, written
// through the same use cases a request takes — offers created by the ERP client or a dealer user,
// processed by the processor's own checks, edited, sent to the customer, ordered, decided by the
// employer's HR and the operator, canceled — then dated back along the plan of db/seed/lived-in.ts.
// Idempotent: an offer whose own number exists is not written again. The demo's webhook
// endpoints get their deliveries (delivered, failed, retrying) through the delivery repository.

const LANG = 'de' as const;

type Written = { plan: PlannedOffer; id: string; tenant: Tenant; principal: Principal };

const fail = () => {
  throw new Error('lived-in demo: a processing failure (for the demo of INTERNAL_SERVER_ERROR)');
};

export async function seedLivedIn(db: Db, options: { now?: number } = {}): Promise<{ offers: number }> {
  const started = Date.now();
  const cpu = process.cpuUsage();
  const now = options.now ?? started;
  await seedEmployers(db);
  const existing = await existingLivedIn(db);
  const plan = planLivedIn(now).filter((p) => !existing.has(p.body.externalOfferId));
  if (plan.length === 0) return { offers: 0 };

  const dealerUser = await findPortalUserByEmail(db, 'dealer@example.com');
  const operatorUser = await findPortalUserByEmail(db, 'operator@example.com');
  const hrUser = await findPortalUserByEmail(db, DEMO.hrEmail);
  if (!dealerUser || !operatorUser || !hrUser) throw new Error('lived-in demo: the demo users are missing (seedDemo first)');
  const operator = operatorActor({ id: operatorUser.id, name: operatorUser.name, email: operatorUser.email });
  const hr = { id: hrUser.id, name: hrUser.name, email: hrUser.email, employerId: DEMO.employer.id, employerName: DEMO.employer.name };
  const user: Actor = { type: 'user', id: dealerUser.id, name: dealerUser.name };
  const principalOf = (environment: Tenant['environment'], actor: Actor): Principal => ({
    dealerId: DEMO.dealerA.id,
    environment,
    scopes: [...SCOPES],
    actor,
    rateKey: `lived-in:${environment}`,
  });
  const rnd = randomOf(37);

  // Created: by the ERP (API client of the environment) or by a dealer user in the portal.
  const written: Written[] = [];
  for (const p of plan) {
    const client: Actor = { type: 'client', id: p.environment === 'sandbox' ? 'demo-sandbox' : 'demo-production' };
    const principal = principalOf(p.environment, rnd() < 0.6 ? client : user);
    const created = await createOffer(principal, p.body, LANG);
    written.push({ plan: p, id: created.body.data.id, tenant: { dealerId: DEMO.dealerA.id, environment: p.environment }, principal });
  }

  // Processed: the checks decide; two offers fail processing for good.
  const failing = written.filter((w) => w.plan.outcome === 'rejected_failed').map((w) => w.id);
  await processOffers({ ids: written.filter((w) => !failing.includes(w.id)).map((w) => w.id) });
  for (let attempt = 0; attempt < 3 && failing.length > 0; attempt++) await processOffers({ ids: failing, check: fail, intendedFailures: true });

  // Edited (draft or rejected again → pending), and processed again.
  for (let round = 0; round < 2; round++) {
    const edited = written.filter((w) => w.plan.edits[round]);
    for (const w of edited) await updateOffer(w.principal, w.id, w.plan.edits[round], LANG);
    if (edited.length > 0) await processOffers({ ids: edited.map((w) => w.id) });
  }

  // Ordered: production through the customer's link, the employer and the operator; sandbox simulated.
  let declines = 0;
  for (const w of written.filter((x) => x.plan.orderTo)) {
    const { plan: p } = w;
    if (p.environment === 'sandbox') {
      const steps = p.orderTo === 'done' ? 4 : p.orderTo === 'operator_decision_pending' ? 3 : p.orderTo === 'employer_decision_pending' ? 2 : 1;
      for (let s = 0; s < steps; s++) await advanceSandboxOffer(w.principal, w.id, undefined, LANG);
      if (p.decline) await advanceSandboxOffer(w.principal, w.id, 'rejected', LANG);
      continue;
    }
    const link = await issueCustomerLink(w.tenant, user, w.id, { quota: false });
    const token = link.url.slice(link.url.lastIndexOf('/') + 1);
    const address = `lived-in-${w.id}`;
    await customerStep(token, 'start_order', address);
    if (p.orderTo === 'order_journey_started') continue;
    await customerStep(token, 'submit_order', address);
    if (p.orderTo === 'employer_decision_pending' && p.decline !== 'employer') continue;
    const reason = (kind: 'employer' | 'operator') => {
      const text = declineReason(kind, declines++);
      return { de: text, en: text };
    };
    if (p.employerId === DEMO.employer.id) {
      // Acme's HR decides at /employer.
      await decideRequest(hr, (await findOpenRequest(db, w.id))!.id, p.decline === 'employer' ? { approve: false, reason: reason('employer').de } : { approve: true });
    } else {
      // The other employers answer by mail; the operator takes their step for them.
      const onBehalfReason = 'Zustimmung des Arbeitgebers per E-Mail an den Leasinggeber.';
      await applyStep(w.tenant, operator, w.id, p.decline === 'employer' ? 'employer_decline' : 'employer_approve', LANG, {
        onBehalfReason: p.decline === 'employer' ? 'Ablehnung des Arbeitgebers per E-Mail an den Leasinggeber.' : onBehalfReason,
        ...(p.decline === 'employer' ? { reason: reason('employer') } : {}),
      });
    }
    if (p.decline === 'employer' || p.orderTo === 'operator_decision_pending') {
      if (p.decline !== 'operator') continue;
    }
    if (p.decline === 'operator') await applyStep(w.tenant, operator, w.id, 'operator_decline', LANG, { reason: reason('operator') });
    else if (p.orderTo === 'done') await applyStep(w.tenant, operator, w.id, 'operator_approve', LANG);
  }

  // After done in the sandbox: an order in each state, from the counter to the payout.
  const sandboxDone = written.filter((w) => w.plan.environment === 'sandbox' && w.plan.orderTo === 'done' && !w.plan.decline && !w.plan.cancel);
  await seedLivedInOrders(db, sandboxDone.map((w) => ({ id: w.id, tenant: w.tenant, actor: w.principal.actor })), { id: operatorUser.id, name: operatorUser.name, email: operatorUser.email });

  // Canceled: by the dealer (most) or by the operator.
  for (const w of written.filter((x) => x.plan.cancel)) {
    const c = w.plan.cancel!;
    const input = { cancelReason: c.reason, ...(c.note ? { cancelNote: c.note } : {}), contactFromEmployeeRequested: c.contact };
    await cancelOffer(w.tenant, rnd() < 0.85 ? w.principal.actor : operator, w.id, input, LANG);
  }

  await dateBack(
    db,
    written.map((w) => ({ id: w.id, createdAt: w.plan.createdAt })),
    now,
  );
  await seedWebhooks(db, now);
  await seedLivedInLeases(db, now);
  if (!(await findPortalUserByEmail(db, DEMO.payrollEmail))) await seedPayrollClerk(db, await hashSecret(DEMO.password));
  const used = process.cpuUsage(cpu);
  logger.info({ offers: written.length, ms: Date.now() - started, cpuMs: Math.round((used.user + used.system) / 1000) }, 'lived-in demo written');
  return { offers: written.length };
}

const ENDPOINTS = [
  { environment: 'production' as const, url: 'https://erp.radhaus-demo.example/hooks/spoke', description: 'Warenwirtschaft (Produktion)', active: true },
  { environment: 'production' as const, url: 'https://alt.radhaus-demo.example/spoke-webhook.php', description: 'Alte Warenwirtschaft, abgeschaltet im Sommer', active: false },
  { environment: 'sandbox' as const, url: 'https://staging.radhaus-demo.example/hooks/spoke', description: 'Testsystem der Warenwirtschaft', active: true },
];

/**
 * Dealer A's webhook endpoints, each with the deliveries of its recent events (the outbox's own
 * insert, at the events' times) and their attempts as the sender records them: delivered, failed
 * for good after retries, and still retrying. Only when dealer A has no endpoint yet.
 */
async function seedWebhooks(db: Db, now: number): Promise<void> {
  if ((await countEndpoints(db, DEMO.dealerA.id)) > 0) return;
  const rnd = randomOf(38);
  for (const spec of ENDPOINTS) {
    const id = randomUUID();
    await insertEndpoint(db, {
      id,
      dealerId: DEMO.dealerA.id,
      environment: spec.environment,
      url: spec.url,
      description: spec.description,
      events: ['offer.created', 'offer.status_changed'],
      active: true,
      secretCiphertext: encryptSecret(generateWebhookSecret(), id),
    });
    // The events of the environment's most recent history entries (older ones for the old endpoint).
    const window = spec.active ? { limit: 40 } : { limit: 12, before: new Date(now - 100 * 864e5) };
    const entries = await livedInHistory(db, DEMO.dealerA.id, spec.environment, window);
    const events: OutboxEvent[] = [];
    for (const e of entries.reverse()) {
      const type = eventTypeOf({ action: e.action, fromStatus: e.from_status, toStatus: e.to_status });
      if (!type || !e.to_status) continue;
      events.push({ eventId: randomUUID(), type, offerId: e.offer_id, oldStatus: e.from_status, newStatus: e.to_status, occurredAt: new Date(e.occurred_at) });
    }
    // The outbox fans out to every active endpoint of the environment: these events are this one's.
    if (!(await insertEndpointDeliveries(db, id, events))) continue;
    const deliveries = await endpointDeliveries(db, id);
    for (const [k, d] of deliveries.entries()) {
      const occurred = new Date(d.occurred_at).getTime();
      const fromEnd = deliveries.length - k;
      // The old endpoint failed for good; the live one delivers, with an outage some weeks ago and
      // the last few events still retrying (its server answers 503 since this morning).
      const kind = !spec.active ? 'failed' : fromEnd <= 3 && spec.environment === 'production' ? 'retrying' : rnd() < 0.12 ? 'failed' : 'delivered';
      const attempts = kind === 'delivered' ? (rnd() < 0.15 ? 2 : 1) : kind === 'retrying' ? 2 + Math.floor(rnd() * 3) : 5;
      let at = occurred + 800 + rnd() * 3000;
      for (let a = 1; a <= attempts; a++) {
        const last = a === attempts;
        const delivered = kind === 'delivered' && last;
        const token = randomUUID();
        await lockDelivery(db, d.id, token);
        const status = delivered ? pick(rnd, [200, 200, 200, 204]) : pick(rnd, [500, 502, 503, null, null]);
        // The one still retrying is due again within the next hour or two.
        const retryDelayMs = kind === 'retrying' && last ? Math.max(60_000, now + (10 + rnd() * 100) * 60_000 - at) : 30_000 * 2 ** a;
        await recordAttempt(
          db,
          { id: d.id, lockToken: token },
          {
            url: spec.url,
            startedAt: new Date(at),
            durationMs: status === null ? 10_000 : Math.round(40 + rnd() * 400),
            responseStatus: status,
            error: delivered ? null : status === null ? pick(rnd, ['timeout after 10000 ms', 'connect ECONNREFUSED', 'getaddrinfo ENOTFOUND alt.radhaus-demo.example']) : `HTTP ${status}`,
            responseExcerpt: delivered ? '{"received":true}' : status === null ? null : '<html><body><h1>Service Unavailable</h1></body></html>',
          },
          // Failed for good: the last attempt's retry would fall outside the window.
          { delivered, retryDelayMs, maxAgeMs: kind === 'failed' && last ? 1 : 30 * 864e5, at: new Date(at) },
        );
        at += retryDelayMs;
      }
    }
    await dateEndpoint(db, id, { active: spec.active, createdAt: new Date(now - (spec.active ? 150 : 170) * 864e5), updatedAt: new Date(now - 60 * 864e5) });
  }
}

const pick = <T>(rnd: () => number, list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

