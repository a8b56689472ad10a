// The bench's results: one row per scenario, and the markdown table printed on stdout.

export type Row = {
  scenario: string;
  connections: number;
  requests: number;
  reqPerSec: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  errors: number;
  notModified: number;
  appCpuMsPerReq: number;
  pgCpuMsPerReq: number;
  reqPerCoreSecond: number;
  maxRssMbPerProcess: number;
  creates: { sent: number; errors: number; p95Ms: number } | null;
  load: string;
  /** The scenario started with a 1-minute load average of 1.0 or more: its figures judge nothing. */
  underLoad: boolean;
  direct?: { requests: number; seconds: number; p50Ms: number; p95Ms: number; postgresCpuMsPerRequest: number; clientCpuMsPerRequest: number };
};

/** What the processor phase measured (bench/run.ts, processorPhase). */
export type ProcessorFigures = {
  pending: number;
  wallSeconds: number;
  offersPerSecond: number;
  busySeconds: number;
  offersPerBusySecond: number;
  wake: { rate: number; offers: number; errors: number; p50Ms: number; p95Ms: number; maxMs: number };
};

/** The data set and settings the table's header states. */
export type BenchSetup = { offers: number; dealers: number; dealerAOffers: number; duration: number; createRate: number };

const f0 = (n: number) => (Number.isFinite(n) ? n.toFixed(0) : '–');
const f1 = (n: number) => (Number.isFinite(n) ? n.toFixed(1) : '–');
const f2 = (n: number) => (Number.isFinite(n) ? n.toFixed(2) : '–');

export function markdown(report: {
  startedAt: string;
  machine: { cpus: number; cpuModel?: string; memGb: number; node: string; loadBefore: string; loadAfter: string };
  server: { workers: string };
  dataSet: { loadSeconds: number; reused: boolean };
  partners: number;
  rows: Row[];
  processor?: ProcessorFigures;
}, setup: BenchSetup): string {
  const m = report.machine;
  const lines = [
    `## Bench ${report.startedAt}`,
    '',
    `${m.cpus} × ${m.cpuModel}, ${m.memGb} GB, Node ${m.node}; load average (1/5/15 min) before ${m.loadBefore}, after ${m.loadAfter}.`,
    `node scripts/start.mjs, ${report.server.workers} workers, PostgreSQL on the same machine; ${setup.offers.toLocaleString('en')} offers, ${setup.dealers} dealers, dealer A's sandbox ${setup.dealerAOffers.toLocaleString('en')} (load ${f1(report.dataSet.loadSeconds)} s${report.dataSet.reused ? ', reused' : ''}).`,
    `wrk, one thread, ${setup.duration} s per scenario; creates at ${setup.createRate}/s meanwhile where noted. Core-second = CPU of the server's processes + PostgreSQL's backends.`,
    '',
    '| scenario | conns | req/s | p50 ms | p95 ms | p99 ms | errors | 304 | req per core-second | CPU ms/req app + PostgreSQL | bare PostgreSQL p50 / p95 ms, CPU ms/req | creates meanwhile (errors, p95 ms) | RSS MB per process (max) | load |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|--:|',
    ...report.rows.map(
      (r) =>
        `| ${r.scenario} | ${r.connections} | ${f0(r.reqPerSec)} | ${f1(r.p50Ms)} | ${f1(r.p95Ms)} | ${f1(r.p99Ms)} | ${r.errors} | ${r.notModified} | ${f0(r.reqPerCoreSecond)} | ${f2(r.appCpuMsPerReq)} + ${f2(r.pgCpuMsPerReq)} | ` +
        `${r.direct ? `${f1(r.direct.p50Ms)} / ${f1(r.direct.p95Ms)}, ${f2(r.direct.postgresCpuMsPerRequest)}` : '–'} | ${r.creates ? `${r.creates.sent} (${r.creates.errors}, ${f0(r.creates.p95Ms)})` : '–'} | ${f0(r.maxRssMbPerProcess)} | ${r.load}${r.underLoad ? ' **taken under load**' : ''} |`,
    ),
  ];
  const p = report.processor;
  if (p) {
    lines.push(
      '',
      `Processor: ${p.pending} offers due at once, all processed ${f1(p.wallSeconds)} s later → ${f0(p.offersPerSecond)} offers/s (${f0(p.offersPerBusySecond)} offers/s between the first and the last batch).`,
      `202 → draft at ${p.wake.rate} creates/s (${p.wake.offers} offers, ${p.wake.errors} errors): p50 ${f0(p.wake.p50Ms)} ms, p95 ${f0(p.wake.p95Ms)} ms, max ${f0(p.wake.maxMs)} ms.`,
    );
  }
  return lines.join('\n');
}
