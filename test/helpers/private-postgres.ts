import { execFileSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// A PostgreSQL server of the test's own on a spare port, so a test may stop and start it without
// disturbing the shared one. Needs the server binaries (Debian: /usr/lib/postgresql/<v>/bin) and,
// when run as root, the `postgres` system user.

function binDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const version = readdirSync(root).sort().pop();
  const dir = version ? path.join(root, version, 'bin') : '';
  return dir && existsSync(path.join(dir, 'pg_ctl')) ? dir : null;
}

export const privatePostgresAvailable = binDir() !== null;

export class PrivatePostgres {
  readonly dir = mkdtempSync(path.join(tmpdir(), 'spoke-pg-'));
  readonly port = 20000 + Math.floor(Math.random() * 20000);
  private readonly bin = binDir()!;

  private run(tool: string, args: string[]): void {
    const asRoot = process.getuid?.() === 0;
    const cmd = asRoot ? 'runuser' : path.join(this.bin, tool);
    const full = asRoot ? ['-u', 'postgres', '--', path.join(this.bin, tool), ...args] : args;
    execFileSync(cmd, full, { stdio: 'ignore' });
  }

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  init(): void {
    if (process.getuid?.() === 0) chownSync(this.dir, Number(execFileSync('id', ['-u', 'postgres']).toString().trim()), 0);
    this.run('initdb', ['-D', path.join(this.dir, 'data'), '-A', 'trust', '-U', 'postgres']);
    this.start();
  }

  start(): void {
    this.run('pg_ctl', [
      '-D', path.join(this.dir, 'data'),
      '-o', `-p ${this.port} -k ${this.dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l', path.join(this.dir, 'log'),
      '-w', 'start',
    ]);
  }

  /** Stops at once, as a crash would (no clean shutdown of connections). */
  stop(): void {
    this.run('pg_ctl', ['-D', path.join(this.dir, 'data'), '-m', 'immediate', '-w', 'stop']);
  }

  destroy(): void {
    try {
      this.stop();
    } catch {
      // already stopped
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
