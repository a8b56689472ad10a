import fs from 'node:fs';

// Summarises a V8 .cpuprofile (node --cpu-prof; bench/run.ts writes them with BENCH_CPU_PROF=1):
// self time by package / file and the top functions.
//   npx tsx bench/cpuprofile.ts bench/results/tmp-…/prof-http/CPU….cpuprofile [top=40]

type Node = { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; children?: number[] };
type Profile = { nodes: Node[]; samples: number[]; timeDeltas: number[]; startTime: number; endTime: number };

function group(url: string): string {
  if (!url) return '(native/vm)';
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (m) return m[1]!;
  if (url.startsWith('node:')) return url;
  const chunk = /\.next[^/]*\/server\/(.*)$/.exec(url);
  if (chunk) return `app bundle: ${chunk[1]}`;
  return url.replace(/^file:\/\//, '').replace(process.cwd() + '/', '');
}

function main() {
  const file = process.argv[2];
  if (!file) throw new Error('usage: cpuprofile.ts <file.cpuprofile> [top]');
  const top = Number(process.argv[3] ?? 40);
  const p = JSON.parse(fs.readFileSync(file, 'utf8')) as Profile;
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  p.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (p.timeDeltas[i] ?? 0)));
  const total = [...self.values()].reduce((a, b) => a + b, 0);
  const idle = [...self.entries()].filter(([id]) => ['(idle)', '(program)', '(garbage collector)'].includes(byId.get(id)!.callFrame.functionName));
  const pct = (us: number) => `${((100 * us) / total).toFixed(1).padStart(5)} %`;
  console.log(`total ${(total / 1e6).toFixed(1)} s sampled; ${idle.map(([id, us]) => `${byId.get(id)!.callFrame.functionName} ${pct(us)}`).join(', ')}`);
  const groups = new Map<string, number>();
  const fns = new Map<string, number>();
  for (const [id, us] of self) {
    const n = byId.get(id)!;
    const g = group(n.callFrame.url);
    groups.set(g, (groups.get(g) ?? 0) + us);
    const key = `${n.callFrame.functionName || '(anonymous)'}  ${g}:${n.callFrame.lineNumber + 1}`;
    fns.set(key, (fns.get(key) ?? 0) + us);
  }
  console.log('\nself time by package / file');
  for (const [g, us] of [...groups].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${g}`);
  console.log('\ntop functions (self)');
  for (const [f, us] of [...fns].sort((a, b) => b[1] - a[1]).slice(0, top)) console.log(`${pct(us)}  ${f}`);
}

main();
