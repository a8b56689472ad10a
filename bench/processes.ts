import { spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

// The bench's own processes and the server's, seen from /proc: CPU and memory of a process tree,
// stopping a child, running a step to its end.

export const root = path.resolve(__dirname, '..');
export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
export const percentile = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? NaN : s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)]!;
};

const CLK_TCK = Number(spawnSync('getconf', ['CLK_TCK']).stdout.toString().trim()) || 100;
const PAGE = Number(spawnSync('getconf', ['PAGESIZE']).stdout.toString().trim()) || 4096;

export type ProcStat = { pid: number; ppid: number; cpuMs: number; rssBytes: number };
export function procStat(pid: number): ProcStat | null {
  try {
    const raw = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    const f = raw.slice(raw.lastIndexOf(')') + 2).split(' ');
    // fields after the comm: [0]=state [1]=ppid … [11]=utime [12]=stime … [21]=rss (pages)
    return { pid, ppid: Number(f[1]), cpuMs: ((Number(f[11]) + Number(f[12])) * 1000) / CLK_TCK, rssBytes: Number(f[21]) * PAGE };
  } catch {
    return null;
  }
}
/** utime + stime of a process in ms (0 when it is gone). */
export const cpuMsOf = (pid: number): number => procStat(pid)?.cpuMs ?? 0;

/** The server's processes: the start script and its workers. */
export function treeOf(rootPid: number): ProcStat[] {
  const all = fs
    .readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((d) => procStat(Number(d)))
    .filter((s): s is ProcStat => !!s);
  const inTree = new Set([rootPid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const s of all) {
      if (!inTree.has(s.pid) && inTree.has(s.ppid)) {
        inTree.add(s.pid);
        grew = true;
      }
    }
  }
  return all.filter((s) => inTree.has(s.pid));
}

export async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await Promise.race([exited, sleep(12_000)]);
  if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
}
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = process.env): void {
  const r = spawnSync(cmd, args, { cwd: root, env, stdio: ['ignore', 'inherit', 'inherit'] });
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} failed (${r.status ?? r.signal})`);
}
/** Runs a bench script (tsx) to its end and answers the JSON of its `<marker> {…}` line. */
export function jsonPhase<T>(args: string[], marker: string, env: NodeJS.ProcessEnv): T {
  const r = spawnSync(process.execPath, ['--import', 'tsx', ...args], { cwd: root, env, stdio: ['ignore', 'pipe', 'inherit'], maxBuffer: 64 * 2 ** 20 });
  const line = r.stdout.toString().split('\n').find((l) => l.startsWith(`${marker} `));
  if (r.status !== 0 || !line) throw new Error(`${args.join(' ')} failed (${r.status ?? r.signal})`);
  return JSON.parse(line.slice(marker.length + 1)) as T;
}
