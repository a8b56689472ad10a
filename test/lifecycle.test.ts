import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  actionsBetween,
  canApply,
  FINAL_STATUSES,
  HAPPY_PATH,
  nextSteps,
  OFFER_STATUSES,
  transition,
  TRANSITIONS,
  updateRefusal,
  type OfferStatus,
} from '@/lib/offers/rules/lifecycle';
import { processOffers } from '@/lib/offers/use-cases/process-offers';
import { api } from './helpers/api';
import { newDealer } from './helpers/auth';
import { offerBody } from './helpers/offers';

// The lifecycle of docs/contract.md, written out here independently of lib/offers/rules/lifecycle.ts, so that
// the module is checked against the design rather than against itself.

const NOT_FINAL: readonly OfferStatus[] = [
  'pending',
  'draft',
  'order_journey_started',
  'employer_decision_pending',
  'operator_decision_pending',
  'rejected',
];

const EDGES: ReadonlyArray<readonly [OfferStatus | null, OfferStatus]> = [
  [null, 'pending'],
  ['pending', 'draft'],
  ['pending', 'rejected'],
  ['draft', 'pending'],
  ['rejected', 'pending'],
  ['draft', 'order_journey_started'],
  ['order_journey_started', 'employer_decision_pending'],
  ['employer_decision_pending', 'operator_decision_pending'],
  ['employer_decision_pending', 'rejected'],
  ['operator_decision_pending', 'done'],
  ['operator_decision_pending', 'rejected'],
  ...NOT_FINAL.map((s) => [s, 'canceled'] as const),
];

const edgeKey = (from: OfferStatus | null, to: OfferStatus) => `${from ?? '(new)'}→${to}`;
const isEdge = (from: OfferStatus | null, to: OfferStatus) => EDGES.some(([f, t]) => f === from && t === to);
const expectedNext = (s: OfferStatus) => [...new Set(EDGES.filter(([f]) => f === s).map(([, t]) => t))].sort();

/** The happy path after draft (a sandbox advance without `to`). */
const HAPPY: Partial<Record<OfferStatus, OfferStatus>> = {
  draft: 'order_journey_started',
  order_journey_started: 'employer_decision_pending',
  employer_decision_pending: 'operator_decision_pending',
  operator_decision_pending: 'done',
};

describe('lifecycle table', () => {
  it('has exactly the transitions of docs/contract.md', () => {
    const table = new Set(TRANSITIONS.flatMap((t) => t.from.map((f) => edgeKey(f, t.to))));
    expect([...table].sort()).toEqual(EDGES.map(([f, t]) => edgeKey(f, t)).sort());
  });

  it.each(OFFER_STATUSES)('nextSteps(%s) is exactly the set reachable in one step', (status) => {
    expect([...nextSteps(status)].sort()).toEqual(expectedNext(status));
    expect(new Set(nextSteps(status)).size).toBe(nextSteps(status).length);
  });

  it('keeps done and canceled final', () => {
    expect([...FINAL_STATUSES].sort()).toEqual(['canceled', 'done']);
    for (const s of FINAL_STATUSES) {
      expect(nextSteps(s)).toEqual([]);
      for (const t of TRANSITIONS) expect(transition(s, t.action)).toBeNull();
      expect(updateRefusal(s)).toBe('OFFER_NOT_MODIFIABLE');
    }
  });

  it('lets every status but done and canceled be canceled', () => {
    for (const s of OFFER_STATUSES) expect(canApply(s, 'cancel')).toBe(NOT_FINAL.includes(s));
  });

  it('reaches every status from creation', () => {
    const seen = new Set<OfferStatus>([transition(null, 'create')!.to]);
    for (let frontier = [...seen]; frontier.length > 0; ) {
      frontier = frontier.flatMap((s) => nextSteps(s)).filter((s) => !seen.has(s));
      frontier.forEach((s) => seen.add(s));
    }
    expect([...seen].sort()).toEqual([...OFFER_STATUSES].sort());
    expect(transition(null, 'create')?.to).toBe('pending');
    expect(transition('pending', 'create')).toBeNull();
  });

  it('refuses updates while pending (406) and from order_journey_started on (409)', () => {
    expect(updateRefusal('pending')).toBe('OFFER_IS_BEING_PROCESSED');
    expect(updateRefusal('draft')).toBeNull();
    expect(updateRefusal('rejected')).toBeNull();
    for (const s of ['order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done', 'canceled'] as const) {
      expect(updateRefusal(s)).toBe('OFFER_NOT_MODIFIABLE');
    }
  });

  it('walks the happy path from draft to done', () => {
    let at: OfferStatus = 'draft';
    const walked: OfferStatus[] = [];
    while (HAPPY_PATH[at]) {
      const step = transition(at, HAPPY_PATH[at]!);
      expect(step).not.toBeNull();
      expect(step!.to).toBe(HAPPY[at]);
      at = step!.to;
      walked.push(at);
    }
    expect(walked).toEqual(['order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done']);
  });

  it('names the action of each way into rejected', () => {
    expect(actionsBetween('pending', 'rejected')).toEqual(['reject']);
    expect(actionsBetween('employer_decision_pending', 'rejected')).toEqual(['employer_decline']);
    expect(actionsBetween('operator_decision_pending', 'rejected')).toEqual(['operator_decline']);
    expect(actionsBetween('draft', 'done')).toEqual([]);
  });
});

// ---- Property: random operations through the real API and processor ---------------------------

type ModelOffer = { id: string; status: OfferStatus; valid: boolean };
type Model = { offers: ModelOffer[] };
type Snapshot = { offer: any; historyTotal: number };
type Real = { token: string; seen: Map<string, Snapshot> };

type Op =
  | { kind: 'process' }
  | { kind: 'update'; valid: boolean }
  | { kind: 'cancel' }
  | { kind: 'advance'; to?: OfferStatus };

type Prediction = { http?: number; code?: string; status: OfferStatus; valid: boolean; errorCode?: string };

const INVALID_PRODUCT = { ...offerBody().product, bidexCode: '201010' }; // an accessory's code as the bicycle

function createBody(valid: boolean) {
  return offerBody(valid ? {} : { product: INVALID_PRODUCT });
}

/** An update that changes the offer (its notes differ each time): one without a change changes nothing. */
function updateBody(valid: boolean) {
  const { product, accessory, withShipping, shippingCostGross } = offerBody();
  const notes = `Update ${Math.random().toString(36).slice(2)}`;
  return { product: valid ? { ...product, color: 'blue' } : INVALID_PRODUCT, accessory, withShipping, shippingCostGross, notes };
}

const processed = (o: ModelOffer): Prediction => ({
  status: o.valid ? 'draft' : 'rejected',
  valid: o.valid,
  ...(o.valid ? {} : { errorCode: 'PRODUCT_NOT_LEASABLE' }),
});

/** What docs/contract.md says an operation does to an offer in the model's status. */
function predict(o: ModelOffer, op: Op): Prediction {
  const s = o.status;
  const unchanged = (http: number, code: string): Prediction => ({ http, code, status: s, valid: o.valid });
  switch (op.kind) {
    case 'process':
      return s === 'pending' ? processed(o) : { status: s, valid: o.valid };
    case 'update':
      if (s === 'pending') return unchanged(406, 'OFFER_IS_BEING_PROCESSED');
      if (s === 'draft' || s === 'rejected') return { http: 202, status: 'pending', valid: op.valid };
      return unchanged(409, 'OFFER_NOT_MODIFIABLE');
    case 'cancel':
      return NOT_FINAL.includes(s) ? { http: 200, status: 'canceled', valid: o.valid } : unchanged(409, 'OFFER_NOT_MODIFIABLE');
    case 'advance': {
      const { to } = op;
      if (to !== undefined && !expectedNext(s).includes(to)) return unchanged(409, 'OFFER_NOT_MODIFIABLE');
      if (to === 'canceled') return { http: 200, status: 'canceled', valid: o.valid };
      // Resubmission takes new data: it is PUT /v1/offers/{id}, not a sandbox step.
      if (to === 'pending') return unchanged(409, 'OFFER_NOT_MODIFIABLE');
      // A pending offer is processed on the spot; the checks decide between draft and rejected.
      if (s === 'pending') return { http: 200, ...processed(o) };
      const target = to ?? HAPPY[s];
      if (!target) return unchanged(409, 'OFFER_NOT_MODIFIABLE');
      const errorCode =
        target === 'rejected' ? (s === 'employer_decision_pending' ? 'EMPLOYER_DECLINED' : 'OPERATOR_DECLINED') : undefined;
      return { http: 200, status: target, valid: o.valid, ...(errorCode ? { errorCode } : {}) };
    }
  }
}

const coverage = { statuses: new Set<OfferStatus>(), edges: new Set<string>() };

async function observe(token: string, id: string): Promise<Snapshot & { history: any[] }> {
  const offer = await api.get(`/v1/offers/${id}`, { token });
  expect(offer.status).toBe(200);
  const history = await api.get(`/v1/offers/${id}/history`, { token, query: { perPage: 100 } });
  expect(history.status).toBe(200);
  return { offer: offer.body.data, history: history.body.data, historyTotal: history.body.meta.totalCount };
}

/** The offer as read now matches the model, and its history never left the table. */
async function verify(real: Real, o: ModelOffer, errorCode?: string): Promise<void> {
  const seen = await observe(real.token, o.id);
  const status = seen.offer.status;
  expect(status.current.code).toBe(o.status);
  const codes = status.nextSteps.map((n: any) => n.code);
  expect(codes).toEqual(nextSteps(o.status));
  expect([...codes].sort()).toEqual(expectedNext(o.status));
  for (const entry of [status.current, ...status.nextSteps, ...status.errors]) {
    expect(entry.translations.de).toEqual(expect.any(String));
    expect(entry.translations.en).toEqual(expect.any(String));
  }
  if (o.status === 'rejected') expect(status.errors.length).toBeGreaterThan(0);
  else expect(status.errors).toEqual([]);
  if (errorCode) expect(status.errors.map((e: any) => e.code)).toContain(errorCode);

  // History, oldest first: a chain of table transitions from creation to the current status.
  const all = [...seen.history].reverse();
  expect(all.length).toBe(seen.historyTotal);
  // After done, the order's own steps (docs/orders-after-done.md) are in the history too; they
  // leave the offer's status as it is (no from, no to): the chain is of the entries that move it.
  const chain = all.filter((e) => e.fromStatus != null || e.toStatus != null);
  if (chain.length < all.length) expect(o.status).toBe('done');
  expect(chain[0]).toMatchObject({ action: 'created', toStatus: 'pending' });
  let at: OfferStatus | null = null;
  for (const entry of chain) {
    expect(entry.fromStatus ?? null).toBe(at);
    expect(isEdge(at, entry.toStatus), edgeKey(at, entry.toStatus)).toBe(true);
    if (entry.action === 'processed') expect(entry.actor.type).toBe('system');
    coverage.edges.add(edgeKey(at, entry.toStatus));
    at = entry.toStatus;
  }
  expect(at).toBe(o.status);
  coverage.statuses.add(o.status);
  real.seen.set(o.id, { offer: seen.offer, historyTotal: seen.historyTotal });
}

class CreateCommand implements fc.AsyncCommand<Model, Real> {
  constructor(readonly valid: boolean) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await api.post('/v1/offers', { token: r.token, body: createBody(this.valid) });
    expect(res.status).toBe(202);
    expect(res.body.data.status.current.code).toBe('pending');
    const o: ModelOffer = { id: res.body.data.id, status: 'pending', valid: this.valid };
    m.offers.push(o);
    await verify(r, o);
  }
  toString = () => `create(${this.valid ? 'valid' : 'invalid'})`;
}

class OfferCommand implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly op: Op,
  ) {}
  check = (m: Readonly<Model>) => m.offers.length > 0;

  async run(m: Model, r: Real) {
    const o = m.offers[this.index % m.offers.length]!;
    const before = r.seen.get(o.id)!;
    const prediction = predict(o, this.op);
    const res = await this.call(r.token, o.id);
    if (res) {
      expect(res.status, `${this} from ${o.status}: ${res.text}`).toBe(prediction.http);
      if (prediction.code) expect(res.body.errors[0].code).toBe(prediction.code);
      else expect(res.body.data.status.current.code).toBe(prediction.status);
    }
    const from = o.status;
    o.status = prediction.status;
    o.valid = prediction.valid;
    await verify(r, o, prediction.errorCode);
    const after = r.seen.get(o.id)!;
    if (prediction.code || (this.op.kind === 'process' && from !== 'pending')) {
      // A refused operation (or processing an offer that is not pending) changes nothing at all.
      expect(after).toEqual(before);
    } else {
      // The approval to done also issues the order: its own entry beside the step's.
      expect(after.historyTotal).toBe(before.historyTotal + (from !== 'done' && o.status === 'done' ? 2 : 1));
    }
  }

  private async call(token: string, id: string) {
    switch (this.op.kind) {
      case 'process':
        await processOffers({ ids: [id] });
        return null;
      case 'update':
        return api.put(`/v1/offers/${id}`, { token, body: updateBody(this.op.valid) });
      case 'cancel':
        // A note of its own: a cancel repeated with the same values answers the canceled offer (test/integrator-writes.test.ts).
        return api.post(`/v1/offers/${id}/cancel`, { token, query: { cancelReason: 'other', cancelNote: `note ${Math.random()}` } });
      case 'advance':
        return api.post(`/v1/sandbox/offers/${id}/advance`, { token, query: { to: this.op.to } });
    }
  }

  toString = () => {
    const op = this.op;
    const arg = op.kind === 'update' ? (op.valid ? 'valid' : 'invalid') : op.kind === 'advance' ? (op.to ?? '') : '';
    return `${op.kind}#${this.index}(${arg})`;
  };
}

const createOp = (valid = true) => new CreateCommand(valid);
const processOp = (i: number) => new OfferCommand(i, { kind: 'process' });
const updateOp = (i: number, valid = true) => new OfferCommand(i, { kind: 'update', valid });
const cancelOp = (i: number) => new OfferCommand(i, { kind: 'cancel' });
const advanceOp = (i: number, to?: OfferStatus) => new OfferCommand(i, { kind: 'advance', to });

const index = fc.nat({ max: 4 });
const commandArbitraries = [
  fc.boolean().map(createOp),
  index.map(processOp),
  fc.tuple(index, fc.boolean()).map(([i, valid]) => updateOp(i, valid)),
  index.map(cancelOp),
  // Advancing is weighted up so that random runs get deep into the lifecycle.
  index.map((i) => advanceOp(i)),
  index.map((i) => advanceOp(i)),
  index.map((i) => advanceOp(i)),
  fc.tuple(index, fc.constantFrom(...OFFER_STATUSES)).map(([i, to]) => advanceOp(i, to)),
  fc.tuple(index, fc.constantFrom(...OFFER_STATUSES)).map(([i, to]) => advanceOp(i, to)),
];

// Fixed sequences (each after its first offer, valid or not) that take every transition of the
// table at least once, whatever the random runs do.
const EXAMPLES: [boolean, fc.AsyncCommand<Model, Real>[]][] = [
  // The happy path to done, then every operation on a final offer.
  [true, [advanceOp(0), advanceOp(0), advanceOp(0), advanceOp(0), advanceOp(0), advanceOp(0), advanceOp(0, 'canceled'), cancelOp(0), updateOp(0), processOp(0)]],
  // Rejected by processing, fixed, refused while pending, declined by the employer and the operator.
  [
    false,
    [
      processOp(0), updateOp(0, true), updateOp(0, false), processOp(0), advanceOp(0, 'order_journey_started'),
      advanceOp(0, 'employer_decision_pending'), advanceOp(0, 'rejected'), updateOp(0), advanceOp(0, 'draft'), advanceOp(0),
      advanceOp(0), advanceOp(0, 'operator_decision_pending'), advanceOp(0, 'rejected'), advanceOp(0, 'pending'),
      advanceOp(0, 'done'), updateOp(0, true), processOp(0), updateOp(0, false), processOp(0),
    ],
  ],
  // Canceled from every status that allows it.
  [
    true,
    [
      cancelOp(0),
      createOp(), processOp(1), cancelOp(1),
      createOp(), advanceOp(2), advanceOp(2), advanceOp(0, 'canceled'), advanceOp(2, 'canceled'),
      createOp(), advanceOp(3), advanceOp(3), advanceOp(3), cancelOp(3),
      createOp(), advanceOp(4), advanceOp(4), advanceOp(4), advanceOp(4), cancelOp(4),
      createOp(false), advanceOp(5), cancelOp(5), updateOp(5), advanceOp(5, 'pending'),
    ],
  ],
];

describe('lifecycle through the API and the processor (property)', () => {
  let token: string;
  beforeAll(async () => {
    token = (await newDealer()).token;
  });

  it('never leaves the transition table; nextSteps is the reachable set; final stays final', async () => {
    await fc.assert(
      fc.asyncProperty(fc.boolean(), fc.commands(commandArbitraries, { maxCommands: 20, size: 'max' }), (firstValid, commands) =>
        // Every sequence starts with one offer, so that its commands have something to work on.
        fc.asyncModelRun(async () => {
          const model: Model = { offers: [] };
          const real: Real = { token, seen: new Map() };
          await createOp(firstValid).run(model, real);
          return { model, real };
        }, commands),
      ),
      { numRuns: 30, examples: EXAMPLES },
    );
    expect([...coverage.statuses].sort()).toEqual([...OFFER_STATUSES].sort());
    expect([...coverage.edges].sort()).toEqual(EDGES.map(([f, t]) => edgeKey(f, t)).sort());
  }, 120_000);
});
