import fs from 'node:fs';

// The heaviest frames of a V8 CPU profile (`node --cpu-prof`, e.g. bench/cpu-per-request.ts with
// CPU_PROF_DIR): self time by function and by package or file, and total (inclusive) time of the
// functions whose name or file matches a filter.
//
//   npx tsx bench/top-frames.ts profile.cpuprofile [top=25] [filter]
// SKIP_MS=20000 leaves out the profile's first 20 s (the server's start).

type Frame = { functionName: string; url: string; lineNumber: number };
type Node = { id: number; callFrame: Frame; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

const [file, topArg, filter] = process.argv.slice(2);
if (!file) throw new Error('usage: top-frames.ts <file.cpuprofile> [top] [filter]');
const top = Number(topArg ?? 25);
const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;

const byId = new Map(p.nodes.map((n) => [n.id, n]));
const parent = new Map<number, number>();
for (const n of p.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
const self = new Map<number, number>();
const skipUs = Number(process.env.SKIP_MS ?? 0) * 1000;
let at = 0;
p.samples.forEach((id, i) => {
  at += p.timeDeltas[i] ?? 0;
  if (at >= skipUs) self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0));
});

const where = (f: Frame) => {
  const url = f.url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url)?.[1];
  if (pkg) return pkg === 'next' ? `next/${/next\/dist\/(?:compiled\/)?([^/]+(?:\/[^/]+)?)/.exec(url)?.[1] ?? ''}` : pkg;
  if (url.includes('/.next/')) return `.next/${url.split('/.next/')[1]?.split('/').slice(0, 3).join('/')}`;
  return url ? url.split('/').slice(-2).join('/') : '(native)';
};
const label = (f: Frame) => `${f.functionName || '(anonymous)'} ${where(f)}:${f.lineNumber + 1}`;

const total = [...self.values()].reduce((a, b) => a + b, 0);
const idle = [...self].filter(([id]) => ['(idle)', '(program)'].includes(byId.get(id)!.callFrame.functionName)).reduce((a, [, t]) => a + t, 0);
const busy = total - idle;
const ms = (us: number) => (us / 1000).toFixed(1);
const sum = (key: (f: Frame) => string) => {
  const out = new Map<string, number>();
  for (const [id, t] of self) {
    const f = byId.get(id)!.callFrame;
    if (['(idle)', '(program)'].includes(f.functionName)) continue;
    out.set(key(f), (out.get(key(f)) ?? 0) + t);
  }
  return [...out].sort((a, b) => b[1] - a[1]).slice(0, top);
};

console.log(`${file}: ${ms(total)} ms sampled, ${ms(busy)} ms busy (not idle/program)`);
console.log('\nself time by package or file:');
for (const [k, t] of sum(where)) console.log(`${ms(t).padStart(9)} ms ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${k}`);
console.log('\nself time by function:');
for (const [k, t] of sum(label)) console.log(`${ms(t).padStart(9)} ms ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${k}`);

if (filter) {
  // Inclusive time of matching frames, counting each sample once per matching frame name.
  const inclusive = new Map<string, number>();
  for (const [id, t] of self) {
    const seen = new Set<string>();
    for (let n: number | undefined = id; n !== undefined; n = parent.get(n)) {
      const f = byId.get(n)!.callFrame;
      const l = label(f);
      if (!seen.has(l) && (l.includes(filter) || f.url.includes(filter))) {
        seen.add(l);
        inclusive.set(l, (inclusive.get(l) ?? 0) + t);
      }
    }
  }
  console.log(`\ntotal time of frames matching "${filter}":`);
  for (const [k, t] of [...inclusive].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${ms(t).padStart(9)} ms ${((100 * t) / busy).toFixed(1).padStart(5)} %  ${k}`);
}
