import fs from 'node:fs';

/** CPU time of this machine's PostgreSQL processes so far (ms), from /proc; undefined where there is none. */
export function postgresCpuMs(): number | undefined {
  if (!fs.existsSync('/proc/self/stat')) return undefined;
  let ticks = 0;
  for (const pid of fs.readdirSync('/proc').filter((d) => /^\d+$/.test(d))) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
      if (!stat.includes(' (postgres) ')) continue;
      // Fields after the command: state is the 1st, utime the 12th, stime the 13th.
      const f = stat.slice(stat.lastIndexOf(') ') + 2).split(' ');
      ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // A process that ended meanwhile.
    }
  }
  return ticks * 10; // USER_HZ = 100
}
