import 'server-only';
import { sql } from 'drizzle-orm';
import { rowsOf, type Db } from '../client';
import { employees, employerExcludedCategories, employers, offers } from '../schema';
import { DEMO } from './index';

// The lived-in part of the demo (docs/decisions.md, "A lived-in demo"): dealer A as a shop that has
// worked with Spoke for months. This file holds what is pure data — the people, the products, the
// plan of every offer's life, drawn from a fixed seed — and the SQL that dates the written rows
// back along that plan. lib/ops/lived-in.ts writes the plan through the domain's own write paths.

/** The prefix of every lived-in offer's own number: its offers are found (and never written twice) by it. */
export const LIVED_IN_PREFIX = 'RH-';

/** A small deterministic generator (mulberry32): the same seed gives the same shop every time. */
export function randomOf(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export const MORE_EMPLOYERS = [
  {
    id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e2',
    name: 'Stadtwerke Nordhafen AG',
    // E-cargo bikes and S-pedelecs are not allowed; at most 4.500 € per order.
    excluded: ['102050', '103000'],
    maxTotalPriceGross: '4500.00',
    // No subsidy: the employee pays the whole rate (2.9 % a month) and insurance (0.35 %).
    terms: { leaseTermMonths: 36, leasingFactorPercent: '2.900', insurancePercent: '0.350', employerSubsidyMonthly: '0.00' },
  },
  {
    id: '0b6c2f52-4a55-4d3c-9d7e-5a0c1f0000e3',
    name: 'Bäckerei Sonnenschein KG',
    excluded: ['104000', '201700'],
    maxTotalPriceGross: '3000.00',
    // 48 months at 3.05 %, insurance 0.45 %, 15 € a month from the bakery.
    terms: { leaseTermMonths: 48, leasingFactorPercent: '3.050', insurancePercent: '0.450', employerSubsidyMonthly: '15.00' },
  },
] as const;

type Employee = { email: string; name: string; employerId: string };

/** Registered employees (Acme's first is the demo's Erika Mustermann, seeded by seedDemo). */
export const EMPLOYEES: readonly Employee[] = [
  { email: DEMO.employeeEmail, name: 'Erika Mustermann', employerId: DEMO.employer.id },
  { email: 'murat.yilmaz@acme.example', name: 'Murat Yılmaz', employerId: DEMO.employer.id },
  { email: 'agnieszka.lukasiewicz@acme.example', name: 'Agnieszka Łukasiewicz', employerId: DEMO.employer.id },
  { email: 'nguyen.van.an@acme.example', name: 'Nguyễn Văn An', employerId: DEMO.employer.id },
  { email: 'eleni.papadopoulou@acme.example', name: 'Ελένη Παπαδοπούλου', employerId: DEMO.employer.id },
  { email: 'jonas.becker@acme.example', name: 'Jonas Becker', employerId: DEMO.employer.id },
  { email: 'li.na@stadtwerke-nordhafen.example', name: '李娜', employerId: MORE_EMPLOYERS[0].id },
  {
    email: 'charlotte.hohenberg@stadtwerke-nordhafen.example',
    name: 'Charlotte-Sophie Freifrau von Hohenberg-Wittelsbach zu Königswinter',
    employerId: MORE_EMPLOYERS[0].id,
  },
  { email: 'soeren.grosse@stadtwerke-nordhafen.example', name: 'Sören Große', employerId: MORE_EMPLOYERS[0].id },
  { email: 'ayse.kaya@stadtwerke-nordhafen.example', name: 'Ayşe Kaya', employerId: MORE_EMPLOYERS[0].id },
  { email: 'greta.hartmann@sonnenschein.example', name: 'Greta Hartmann', employerId: MORE_EMPLOYERS[1].id },
  { email: 'dragana.petrovic@sonnenschein.example', name: 'Dragana Petrović', employerId: MORE_EMPLOYERS[1].id },
  { email: 'sean.obriain@sonnenschein.example', name: 'Seán Ó Briain', employerId: MORE_EMPLOYERS[1].id },
];

/** Walk-in customers, not registered with an employer (their offers stay before the order). */
const CUSTOMERS: readonly [string, string][] = [
  ['Anna Müller', 'anna.mueller@example.com'],
  ['Lukas Weber', 'lukas.weber@example.com'],
  ['Sophie Wagner', 's.wagner@posteo.example'],
  ['Maximilian Hoffmann', 'max.hoffmann@example.com'],
  ['Marie Schäfer', 'marie.schaefer@web.example'],
  ['Paul Koch', 'paul.koch@example.com'],
  ['Emilia Richter', 'emilia.richter@mail.example'],
  ['Felix Klein', 'felix.klein@example.com'],
  ['Hannah Wolf', 'hannah.wolf@web.example'],
  ['Leon Schröder', 'leon.schroeder@example.com'],
  ['Mia Neumann', 'mia.neumann@example.com'],
  ['Finn Schwarz', 'finn.schwarz@posteo.example'],
  ['Lina Zimmermann', 'lina.zimmermann@example.com'],
  ['Clara Krüger', 'clara.krueger@mail.example'],
  ['Elias Hofmann', 'elias.hofmann@example.com'],
  ['Noah Lange', 'noah.lange@example.com'],
  ['Jürgen Weiß', 'juergen.weiss@web.example'],
  ['Ömer Yılmaz', 'oemer.yilmaz@example.com'],
  ['Zofia Łukasiewicz', 'zofia.lukasiewicz@example.com'],
  ['Nguyễn Thị Minh Anh', 'minhanh.nguyen@example.com'],
  ['Ελένη Γεωργίου', 'eleni.georgiou@mail.example'],
  ['李娜', 'lina.2024@example.com'],
  ['王伟', 'wang.wei@example.com'],
  ['Ольга Смирнова', 'olga.smirnova@example.com'],
  ['Ahmet Öztürk', 'ahmet.oeztuerk@example.com'],
  ['José María García-Fernández', 'jm.garcia@example.com'],
  ['Aleksandra Wiśniewska', 'a.wisniewska@posteo.example'],
  ['Tomasz Dąbrowski', 'tomasz.dabrowski@example.com'],
  ['Maximiliane Leutheusser-Schnarrenberger-Oberndorfer', 'm.leutheusser@example.com'],
  ['Dr. Karl-Theodor Maria Nikolaus Johann Jacob Philipp Franz Joseph Sylvester von und zu Guttenberg-Rosenau', 'kt.guttenberg@example.com'],
  ['Mehmet Demir', 'mehmet.demir@web.example'],
  ['Ingrid Bergström', 'ingrid.bergstrom@example.com'],
];

type Bike = { code: string; brand: string; model: string; price: number; list: number; year: string; drive?: string; battery?: string };

const BIKES: readonly Bike[] = [
  { code: '102020', brand: 'Cube', model: 'Kathmandu Hybrid Pro 750', price: 3499, list: 3699, year: '2026', drive: 'Bosch Performance CX', battery: '750 Wh' },
  { code: '102020', brand: 'Kalkhoff', model: 'Endeavour 5.B Move+', price: 3799, list: 3999, year: '2026', drive: 'Bosch Performance Line', battery: '625 Wh' },
  { code: '102010', brand: 'Gazelle', model: 'Ultimate C380 HMB', price: 3649, list: 3799, year: '2025', drive: 'Bosch Performance Line', battery: '500 Wh' },
  { code: '102020', brand: 'Specialized', model: 'Turbo Vado 4.0', price: 4299, list: 4500, year: '2026', drive: 'Specialized 2.2', battery: '710 Wh' },
  { code: '102010', brand: 'Trek', model: 'Allant+ 7', price: 3999, list: 3999, year: '2025', drive: 'Bosch Performance Line', battery: '625 Wh' },
  { code: '102030', brand: 'Haibike', model: 'AllMtn 7', price: 5699, list: 5999, year: '2026', drive: 'Yamaha PW-X3', battery: '720 Wh' },
  { code: '102040', brand: 'Canyon', model: 'Grizl:ON CF 8', price: 5299, list: 5299, year: '2026', drive: 'Bosch Performance Line SX', battery: '400 Wh' },
  { code: '102050', brand: 'Riese & Müller', model: 'Load4 75 touring', price: 8999, list: 9349, year: '2026', drive: 'Bosch Cargo Line', battery: '2 × 750 Wh' },
  { code: '102050', brand: 'Urban Arrow', model: 'Family Performance Line', price: 6799, list: 6999, year: '2025', drive: 'Bosch Cargo Line', battery: '545 Wh' },
  { code: '102060', brand: 'Brompton', model: 'Electric C Line Explore', price: 3495, list: 3495, year: '2025', drive: 'Brompton', battery: '300 Wh' },
  { code: '103020', brand: 'Stromer', model: 'ST3 Pinion', price: 7490, list: 7990, year: '2026', drive: 'Stromer SYNO Drive II', battery: '814 Wh' },
  { code: '105010', brand: 'Canyon', model: 'Endurace CF 7', price: 2399, list: 2499, year: '2026' },
  { code: '105020', brand: 'Rose', model: 'Backroad AL GRX', price: 1999, list: 2199, year: '2025' },
  { code: '104010', brand: 'Ghost', model: 'Kato Universal', price: 849, list: 899, year: '2025' },
  { code: '104020', brand: 'YT', model: 'Jeffsy Core 2', price: 3699, list: 3999, year: '2026' },
  { code: '101020', brand: 'Velotraum', model: 'Cross CR 11', price: 2890, list: 2890, year: '2025' },
  { code: '101010', brand: 'Pegasus', model: 'Solero SL 7', price: 749, list: 799, year: '2025' },
  { code: '106010', brand: 'Bakfiets.nl', model: 'Cargobike Classic Long', price: 2699, list: 2799, year: '2024' },
  { code: '108020', brand: 'Puky', model: 'Cyke 26-8 Alu', price: 519, list: 549, year: '2026' },
];

type Accessory = { code: string; brand: string; model: string; price: number };

const ACCESSORIES: readonly Accessory[] = [
  { code: '201010', brand: 'Abus', model: 'Granit X-Plus 540', price: 109.95 },
  { code: '201020', brand: 'Abus', model: 'Bordo 6500', price: 119.95 },
  { code: '201040', brand: 'Abus', model: 'Pro Amparo 4750', price: 54.9 },
  { code: '201110', brand: 'Busch + Müller', model: 'IQ-XS', price: 89.9 },
  { code: '201310', brand: 'Racktime', model: 'Addit', price: 59.9 },
  { code: '201410', brand: 'Ortlieb', model: 'Back-Roller Classic', price: 149.99 },
  { code: '201420', brand: 'Ortlieb', model: 'Handlebar-Pack', price: 129.99 },
  { code: '201620', brand: 'Thule', model: 'Yepp 2 Maxi', price: 169.9 },
  { code: '201710', brand: 'Croozer', model: 'Kid Vaaya 2', price: 1099 },
  { code: '202010', brand: 'Bosch', model: 'PowerPack 545', price: 799 },
  { code: '202020', brand: 'Bosch', model: '4A Charger', price: 119 },
  { code: '201220', brand: 'SKS', model: 'Bluemels Style', price: 39.9 },
  { code: '201810', brand: 'Garmin', model: 'Edge 540', price: 349.99 },
  { code: '201930', brand: 'Pletscher', model: 'Comp Flex', price: 44.9 },
  { code: '901010', brand: 'Spoke', model: 'Inspektion 2 Jahre', price: 149 },
];

const COLORS = ['Schwarz matt', 'Anthrazit', 'Salbeigrün', 'Petrol', 'Weiß', 'Sandbeige', 'Dunkelblau', 'Rot'];
const SIZES = ['S', 'M', 'L', 'XL', '46 cm', '50 cm', '53 cm', '56 cm'];

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
      ...(rnd() < 0.6 ? { deliveryDate: isoDay(new Date(Math.max(createdAt.getTime(), now) + (7 + Math.floor(rnd() * 50)) * DAY)) } : {}),
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
      if (rnd() < 0.4) edits.push({ ...edits[0]!, deliveryDate: isoDay(new Date(Math.max(createdAt.getTime(), now) + (20 + Math.floor(rnd() * 30)) * DAY)), notes: 'Liefertermin mit dem Kunden neu abgestimmt.' });
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

/** `at`, or the next morning when `at` falls outside working hours. */
function workingHourFrom(at: number, rnd: () => number): number {
  const d = new Date(at);
  const hour = d.getUTCHours();
  if (hour >= 6 && hour < 17) return at;
  if (hour >= 17) d.setTime(d.getTime() + DAY);
  d.setUTCHours(6, Math.floor(rnd() * 120), Math.floor(rnd() * 60), 0);
  return d.getTime();
}

/** How far after the previous entry each kind of history entry happens, in ms (before scaling). */
function gapAfter(action: string, rnd: () => number): number {
  switch (action) {
    case 'processed':
      return 2_000 + rnd() * 40_000;
    case 'updated':
      return (2 + rnd() * 70) * 60 * 60 * 1000;
    case 'customer_link_sent':
      return (1 + rnd() * 48) * 60 * 60 * 1000;
    case 'start_order':
      return (0.5 + rnd() * 72) * 60 * 60 * 1000;
    case 'submit_order':
      return (1 + rnd() * 96) * 60 * 60 * 1000;
    case 'employer_approve':
    case 'employer_decline':
      return (4 + rnd() * 100) * 60 * 60 * 1000;
    case 'operator_approve':
    case 'operator_decline':
      return (2 + rnd() * 60) * 60 * 60 * 1000;
    default:
      return (12 + rnd() * 200) * 60 * 60 * 1000;
  }
}

/**
 * Dates the rows of the given offers back along their plan: the history entries one after the
 * other from the offer's planned creation (gaps by kind of step, squeezed to end before `now`), and
 * from them the offer's own times, its notifications and mails (sent; those of the last two weeks unread), its
 * employer request and its customer links. The domain wrote all of them moments ago.
 */
export async function dateBack(db: Db, planned: { id: string; createdAt: Date }[], now: number, seed = 36): Promise<void> {
  if (planned.length === 0) return;
  const rnd = randomOf(seed + 1);
  const ids = planned.map((p) => p.id);
  const idList = sql`(select value::uuid from jsonb_array_elements_text(${JSON.stringify(ids)}::jsonb))`;
  const rows = rowsOf<{ id: number | string; offer_id: string; action: string }>(
    await db.execute(sql`select id, offer_id, action from offer_history where offer_id in ${idList} order by offer_id, id`),
  );
  const byOffer = new Map<string, { id: number; action: string }[]>();
  for (const r of rows) {
    const list = byOffer.get(r.offer_id) ?? [];
    list.push({ id: Number(r.id), action: r.action });
    byOffer.set(r.offer_id, list);
  }
  const times: { id: number; at: string }[] = [];
  for (const p of planned) {
    const entries = byOffer.get(p.id) ?? [];
    const start = p.createdAt.getTime();
    const gaps = entries.map((e, k) => (k === 0 ? 0 : gapAfter(e.action, rnd)));
    const span = gaps.reduce((s, g) => s + g, 0);
    // Squeeze the story into part of the time between its creation and a few minutes ago (a
    // part, so that stories squeezed do not all end at the same moment).
    const room = Math.max(60_000, (now - 5 * 60_000 - start) * (0.3 + rnd() * 0.65));
    const scale = span > room ? room / span : 1;
    const latest = now - 5 * 60_000;
    let at = start;
    entries.forEach((e, k) => {
      at += gaps[k]! * scale;
      // People act in working hours (06–17 UTC); the processor and customers at any time.
      if (e.action !== 'processed' && e.action !== 'start_order' && e.action !== 'submit_order') {
        const shifted = workingHourFrom(at, rnd);
        if (shifted <= latest) at = shifted;
      }
      at = Math.min(at, latest);
      times.push({ id: e.id, at: new Date(at).toISOString() });
    });
  }
  const timesJson = JSON.stringify(times);
  const t = sql`(select (value->>'id')::bigint as id, (value->>'at')::timestamptz as at from jsonb_array_elements(${timesJson}::jsonb))`;
  await db.transaction(async (tx) => {
    await tx.execute(sql`update offer_history h set occurred_at = t.at from ${t} t where h.id = t.id`);
    await tx.execute(sql`
      update offers o set created_at = s.first, updated_at = s.last, status_changed_at = s.changed
      from (select offer_id, min(occurred_at) as first, max(occurred_at) as last,
              coalesce(max(occurred_at) filter (where to_status is not null and to_status is distinct from from_status), min(occurred_at)) as changed
            from offer_history where offer_id in ${idList} group by offer_id) s
      where o.id = s.offer_id`);
    // A notification or mail belongs to the entry that moved the offer into its status (the latest
    // such entry); account-less mails without a status to the latest entry before them.
    await tx.execute(sql`
      update notifications n set created_at = coalesce(
          (select max(h.occurred_at) from offer_history h where h.offer_id = n.offer_id and h.to_status = n.status),
          (select max(h.occurred_at) from offer_history h where h.offer_id = n.offer_id))
      where n.offer_id in ${idList}`);
    await tx.execute(sql`
      update notifications set mail_next_at = null, mail_sent_at = created_at + interval '40 seconds', mail_attempts = 1, mail_link = null,
        read_at = case when user_id is null then created_at
                       when created_at < ${new Date(now - 14 * DAY).toISOString()}::timestamptz then created_at + interval '3 hours'
                       else null end
      where offer_id in ${idList}`);
    // The lists of notifications read newest first by id: their rows again, in the order of their times.
    const columns = rowsOf<{ name: string }>(
      await tx.execute(sql`select column_name as name from information_schema.columns where table_name = 'notifications' and column_name <> 'id' order by ordinal_position`),
    ).map((c) => sql.identifier(c.name));
    const list = sql.join(columns, sql`, `);
    await tx.execute(sql`
      with moved as (delete from notifications where offer_id in ${idList} returning *)
      insert into notifications (${list}) select ${list} from moved order by created_at, id`);
    await tx.execute(sql`
      update employer_requests r set
        submitted_at = (select max(h.occurred_at) from offer_history h where h.offer_id = r.offer_id and h.action = 'submit_order'),
        decided_at = case when r.decided_at is null then null
          else (select max(h.occurred_at) from offer_history h where h.offer_id = r.offer_id and h.action in ('employer_approve', 'employer_decline')) end,
        closed_at = case when r.closed_at is null then null
          else coalesce((select max(h.occurred_at) from offer_history h where h.offer_id = r.offer_id and h.from_status = 'employer_decision_pending'), r.closed_at) end
      where r.offer_id in ${idList}`);
    await tx.execute(sql`
      update offer_customer_links l set
        created_at = coalesce((select max(h.occurred_at) from offer_history h where h.offer_id = l.offer_id and h.action = 'customer_link_sent'), l.created_at),
        replaced_at = case when l.replaced_at is null then null else l.created_at end
      where l.offer_id in ${idList}`);
    await tx.execute(sql`
      update offer_customer_links set expires_at = created_at + (expires_at - now()) where offer_id in ${idList}`);
  });
}
