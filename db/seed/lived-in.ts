import 'server-only';
import { sql } from 'drizzle-orm';
import type { Db } from '../client';
import { employees, employerExcludedCategories, employers, offers } from '../schema';
import { DEMO } from './index';
import { randomOf, MORE_EMPLOYERS, EMPLOYEES, CUSTOMERS, BIKES, ACCESSORIES, COLORS, SIZES, type Bike, type Accessory, type Employee } from './lived-in-data';

// The lived-in part of the demo (docs/decisions.md, "A lived-in demo"): dealer A as a shop that has
// worked with Spoke for months. This file holds what is pure data — the people, the products, the
// plan of every offer's life, drawn from a fixed seed — and the SQL that dates the written rows
// back along that plan. lib/demo/lived-in.ts writes the plan through the domain's own write paths.
// The people and products are in lived-in-data.ts, the dating back in lived-in-dates.ts.

export { EMPLOYEES, MORE_EMPLOYERS, randomOf } from './lived-in-data';
export { dateBack } from './lived-in-dates';

/** The prefix of every lived-in offer's own number: its offers are found (and never written twice) by it. */
export const LIVED_IN_PREFIX = 'RH-';


export type OfferBody = {
  externalOfferId: string;
  customerName: string;
  customerEmail: string;
  product: Record<string, unknown>;
  accessory: Record<string, unknown>[];
  withShipping?: boolean;
  shippingCostGross?: number;
  installationCostGross?: number;
  deliveryDate?: string;
  notes?: string;
};

export type UpdateBody = Omit<OfferBody, 'externalOfferId' | 'customerName' | 'customerEmail'>;

export type Outcome =
  | 'draft'
  | 'draft_fixed'
  | 'rejected'
  | 'rejected_failed'
  | 'journey_started'
  | 'employer_pending'
  | 'operator_pending'
  | 'done'
  | 'employer_declined'
  | 'operator_declined'
  | 'canceled';

export type CancelStep = { reason: 'customer_wants_different_bicycle' | 'not_deliverable' | 'delivery_date_cannot_be_met' | 'manufacturer_recall' | 'other'; note?: string; contact: boolean };

/** One offer's life: created, processed (or failing for good), edited, then its later steps. */
export type PlannedOffer = {
  environment: 'sandbox' | 'production';
  createdAt: Date;
  body: OfferBody;
  outcome: Outcome;
  /** Rejected on processing (the checks' codes follow from the data). */
  edits: UpdateBody[];
  /** Ordered up to this status (production: by the customer, the employer and the operator; sandbox: simulated). */
  orderTo?: 'order_journey_started' | 'employer_decision_pending' | 'operator_decision_pending' | 'done';
  decline?: 'employer' | 'operator';
  cancel?: CancelStep;
  /** Employer of the customer when registered. */
  employerId?: string;
};

const DAY = 24 * 60 * 60 * 1000;

const QUOTAS: [Outcome, number, string?][] = [
  ['draft_fixed', 10],
  ['rejected', 36],
  ['rejected_failed', 2],
  ['journey_started', 16],
  ['employer_pending', 14],
  ['operator_pending', 16],
  ['done', 60],
  ['employer_declined', 6],
  ['operator_declined', 6],
  ['canceled', 34],
];

/** How fresh an outcome typically is: 0 for waiting ones, 2 for long-closed ones. */
const AGE_RANK: Record<Outcome, number> = {
  journey_started: 0,
  employer_pending: 0,
  operator_pending: 0,
  draft: 0.8,
  draft_fixed: 0.8,
  rejected: 1,
  rejected_failed: 1,
  canceled: 1.6,
  employer_declined: 1.6,
  operator_declined: 1.6,
  done: 1.8,
};

const REJECTIONS = ['PRICE_ABOVE_LIST_PRICE', 'PRODUCT_NOT_LEASABLE', 'ACCESSORY_NOT_LEASABLE', 'MISSING_PRODUCT_DATA', 'CATEGORY_NOT_ALLOWED', 'PRICE_AND_ACCESSORY', 'PRODUCT_PRICE_ZERO'] as const;

const DECLINE_REASONS = {
  employer: [
    'Das Budget für Dienstfahrräder ist in diesem Jahr ausgeschöpft.',
    'Bitte erst nach Ende der Probezeit erneut beantragen.',
    'Nur ein Dienstrad pro Person: Sie haben bereits einen laufenden Vertrag.',
  ],
  operator: [
    'Die Bonitätsprüfung war nicht erfolgreich.',
    'Der Liefertermin liegt nach dem Vertragsbeginn; bitte mit neuem Termin einreichen.',
    'Rahmennummer und Modell passen nicht zur Rechnung.',
  ],
};

const CANCELS: CancelStep[] = [
  { reason: 'customer_wants_different_bicycle', note: 'Möchte doch das Modell eine Nummer größer.', contact: false },
  { reason: 'not_deliverable', note: 'Hersteller liefert dieses Modelljahr nicht mehr.', contact: false },
  { reason: 'delivery_date_cannot_be_met', contact: true },
  { reason: 'manufacturer_recall', note: 'Rückruf der Sattelstütze, Ersatz erst im Frühjahr.', contact: false },
  { reason: 'other', note: 'Kunde ist umgezogen und kauft vor Ort.', contact: false },
  { reason: 'customer_wants_different_bicycle', contact: false },
];

const excludedBy = (code: string, excluded: readonly string[]) =>
  excluded.some((x) => x === code || (x.endsWith('000') && code.slice(0, 3) === x.slice(0, 3)) || (x.endsWith('00') && code.slice(0, 4) === x.slice(0, 4)));

function policyOf(employerId: string): { excluded: readonly string[]; limit: number } {
  const other = MORE_EMPLOYERS.find((e) => e.id === employerId);
  if (other) return { excluded: other.excluded, limit: Number(other.maxTotalPriceGross) };
  return { excluded: DEMO.employer.excluded, limit: Infinity };
}

/** A Berlin working hour on the day `daysAgo` before `now` (never later than an hour ago). */
function workingTime(now: number, daysAgo: number, rnd: () => number): Date {
  const day = new Date(now - daysAgo * DAY);
  day.setUTCHours(7 + Math.floor(rnd() * 10), Math.floor(rnd() * 60), Math.floor(rnd() * 60), 0);
  if (day.getUTCDay() === 0) day.setTime(day.getTime() - DAY);
  return new Date(Math.min(day.getTime(), now - 60 * 60 * 1000 - rnd() * 6 * 60 * 60 * 1000));
}

const round2 = (v: number) => Math.round(v * 100) / 100;
const isoDay = (d: Date) => d.toISOString().slice(0, 10);

/**
 * The plan of `count` offers for dealer A, the same for the same seed: ages over the last six
 * months (more of them recent), every status, rejections with every check code, edits, cancels.
 */
export function planLivedIn(now: number, count = 300, seed = 36): PlannedOffer[] {
  const rnd = randomOf(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(rnd() * list.length)]!;

  const outcomes: Outcome[] = [];
  for (const [outcome, n] of QUOTAS) for (let i = 0; i < n; i++) outcomes.push(outcome);
  while (outcomes.length < count) outcomes.push('draft');
  outcomes.length = count;
  // Newest offers take the waiting outcomes, the oldest the closed ones (with overlap).
  const ranked = outcomes.map((o) => ({ o, key: AGE_RANK[o] + rnd() * 1.4 })).sort((a, b) => a.key - b.key);
  const ages = Array.from({ length: count }, () => 182 * rnd() ** 1.3).sort((a, b) => a - b);

  const plan: PlannedOffer[] = [];
  let rejection = 0;
  ranked.forEach(({ o: outcome }, i) => {
    const daysAgo = outcome === 'journey_started' || outcome.endsWith('_pending') ? Math.min(ages[i]!, 20) : ages[i]!;
    const createdAt = workingTime(now, daysAgo, rnd);
    const ordered = ['journey_started', 'employer_pending', 'operator_pending', 'done', 'employer_declined', 'operator_declined'].includes(outcome);
    // The portal opens on the sandbox: it is full too (ordered there by the sandbox's simulated steps).
    const environment: PlannedOffer['environment'] = rnd() < (ordered ? 0.25 : 0.4) ? 'sandbox' : 'production';
    const code = outcome === 'rejected' ? REJECTIONS[rejection++ % REJECTIONS.length]! : undefined;

    // The customer: an employee for orders and category rejections, otherwise mostly walk-ins.
    const needsEmployee = ordered || code === 'CATEGORY_NOT_ALLOWED';
    let employee: Employee | undefined = needsEmployee || rnd() < 0.2 ? pick(EMPLOYEES) : undefined;
    if (code === 'CATEGORY_NOT_ALLOWED') employee = pick(EMPLOYEES.filter((e) => e.employerId !== MORE_EMPLOYERS[1].id));
    if (outcome === 'employer_declined' && rnd() < 0.7) employee = pick(EMPLOYEES.filter((e) => e.employerId === DEMO.employer.id));
    const [customerName, customerEmail] = employee ? [employee.name, employee.email] : pick(CUSTOMERS);
    const policy = employee ? policyOf(employee.employerId) : { excluded: [] as readonly string[], limit: Infinity };

    // The bicycle and accessories: within the employer's rules when it will be ordered.
    let bike: Bike;
    let accessories: Accessory[];
    let total: number;
    let tries = 0;
    do {
      bike = pick(BIKES);
      accessories = Array.from({ length: Math.floor(rnd() * 3.4) }, () => pick(ACCESSORIES)).filter((a, k, all) => all.findIndex((b) => b.model === a.model) === k);
      total = bike.price + accessories.reduce((s, a) => s + a.price, 0);
      tries++;
    } while (
      tries < 200 &&
      ((needsEmployee || employee) && code !== 'CATEGORY_NOT_ALLOWED'
        ? excludedBy(bike.code, policy.excluded) || accessories.some((a) => excludedBy(a.code, policy.excluded)) || total > policy.limit
        : code === 'CATEGORY_NOT_ALLOWED'
          ? !excludedBy(bike.code, policy.excluded)
          : false)
    );

    const product: Record<string, unknown> = {
      bidexCode: bike.code,
      brandName: bike.brand,
      modelName: bike.model,
      modelYear: bike.year,
      color: pick(COLORS),
      size: pick(SIZES),
      ...(bike.drive ? { driveManufacturer: bike.drive, batteryCapacity: bike.battery } : {}),
      priceGross: bike.price,
      listPriceGross: bike.list,
    };
    const accessory: Record<string, unknown>[] = accessories.map((a) => ({ bidexCode: a.code, brandName: a.brand, modelName: a.model, priceGross: a.price }));
    if (code === 'PRICE_ABOVE_LIST_PRICE' || code === 'PRICE_AND_ACCESSORY' || outcome === 'draft_fixed') product.priceGross = round2(bike.list + 100 + Math.floor(rnd() * 400));
    if (code === 'PRODUCT_NOT_LEASABLE') product.bidexCode = pick(['100000', '201010', '999999']);
    if (code === 'ACCESSORY_NOT_LEASABLE' || code === 'PRICE_AND_ACCESSORY') {
      accessory.push({ bidexCode: pick(['200000', '999999', '102020']), brandName: 'Abus', modelName: 'Helm Hyban 2.0', priceGross: 79.95 });
    }
    if (code === 'MISSING_PRODUCT_DATA') delete product[pick(['modelName', 'priceGross', 'brandName'] as const)];
    if (code === 'PRODUCT_PRICE_ZERO') product.priceGross = 0;

    const withShipping = rnd() < 0.25;
    const body: OfferBody = {
      externalOfferId: `${LIVED_IN_PREFIX}${String(24001 + i * 3 + Math.floor(rnd() * 3))}`,
      customerName,
      customerEmail,
      product,
      accessory,
      ...(withShipping ? { withShipping: true, shippingCostGross: pick([29.9, 49, 79]) } : {}),
      ...(rnd() < 0.3 ? { installationCostGross: pick([39, 59, 89]) } : {}),
      // Counted from today where the planned day has passed: the API refuses a delivery before today.
      ...(rnd() < 0.6 ? { deliveryDate: isoDay(new Date(Math.max(createdAt.getTime(), now, Date.now()) + (7 + Math.floor(rnd() * 50)) * DAY)) } : {}),
      ...(rnd() < 0.2 ? { notes: pick(['Probefahrt am Samstag vereinbart.', 'Kunde wünscht Montage des Kindersitzes.', 'Rahmenhöhe nach Vermessung gewählt.', 'Zahlt Zubehör selbst, falls Arbeitgeber ablehnt.']) } : {}),
    };
    if (withShipping && body.shippingCostGross === undefined) body.shippingCostGross = 49;
    if (employee && policy.limit !== Infinity && code !== 'CATEGORY_NOT_ALLOWED') {
      // The employer's limit counts the whole total: no extra costs that would pass it.
      const extra = (body.shippingCostGross ?? 0) + (body.installationCostGross ?? 0);
      if (total + extra > policy.limit) {
        delete body.withShipping;
        delete body.shippingCostGross;
        delete body.installationCostGross;
      }
    }

    const { externalOfferId: _e, customerName: _n, customerEmail: _m, ...data } = body;
    const edits: UpdateBody[] = [];
    if (outcome === 'draft_fixed') edits.push({ ...data, product: { ...product, priceGross: bike.price } });
    else if ((outcome === 'draft' && rnd() < 0.22) || ((ordered || outcome === 'canceled') && rnd() < 0.15)) {
      edits.push({ ...data, product: { ...product, color: pick(COLORS), priceGross: round2(Math.max(0, bike.price - pick([50, 100, 150]))) } });
      if (rnd() < 0.4) edits.push({ ...edits[0]!, deliveryDate: isoDay(new Date(Math.max(createdAt.getTime(), now, Date.now()) + (20 + Math.floor(rnd() * 30)) * DAY)), notes: 'Liefertermin mit dem Kunden neu abgestimmt.' });
    } else if (outcome === 'rejected' && rnd() < 0.15 && code !== 'CATEGORY_NOT_ALLOWED') {
      // A correction that does not fix everything: rejected again.
      edits.push({ ...data, notes: 'Zweiter Versuch nach Rücksprache.' });
    }

    plan.push({
      environment,
      createdAt,
      body,
      outcome,
      edits,
      ...(outcome === 'journey_started' ? { orderTo: 'order_journey_started' as const } : {}),
      ...(outcome === 'employer_pending' || outcome === 'employer_declined' ? { orderTo: 'employer_decision_pending' as const } : {}),
      ...(outcome === 'operator_pending' || outcome === 'operator_declined' ? { orderTo: 'operator_decision_pending' as const } : {}),
      ...(outcome === 'done' ? { orderTo: 'done' as const } : {}),
      ...(outcome === 'employer_declined' ? { decline: 'employer' as const } : {}),
      ...(outcome === 'operator_declined' ? { decline: 'operator' as const } : {}),
      ...(outcome === 'canceled' ? { cancel: pick(CANCELS) } : {}),
      ...(employee ? { employerId: employee.employerId } : {}),
    });
  });
  // Some cancels happen after the customer started the order.
  plan.filter((p) => p.outcome === 'canceled' && p.employerId && p.environment === 'production').slice(0, 6).forEach((p) => (p.orderTo = 'order_journey_started'));
  return plan;
}

export function declineReason(kind: 'employer' | 'operator', n: number): string {
  const list = DECLINE_REASONS[kind];
  return list[n % list.length]!;
}

/** The other employers with their rules and the employees, idempotently (what exists stays). */
export async function seedEmployers(db: Db): Promise<void> {
  await db
    .insert(employers)
    .values(MORE_EMPLOYERS.map((e) => ({ id: e.id, name: e.name, maxTotalPriceGross: e.maxTotalPriceGross, ...e.terms })))
    .onConflictDoNothing();
  await db
    .insert(employerExcludedCategories)
    .values(MORE_EMPLOYERS.flatMap((e) => e.excluded.map((bidexCode) => ({ employerId: e.id, bidexCode }))))
    .onConflictDoNothing();
  await db
    .insert(employees)
    .values(EMPLOYEES.map((e) => ({ ...e })))
    .onConflictDoNothing();
}

/** The lived-in offers already written (by their own numbers). */
export async function existingLivedIn(db: Db): Promise<Set<string>> {
  const rows = await db
    .select({ id: offers.externalOfferId })
    .from(offers)
    .where(sql`${offers.dealerId} = ${DEMO.dealerA.id} and ${offers.externalOfferId} like ${LIVED_IN_PREFIX + '%'}`);
  return new Set(rows.map((r) => r.id));
}
