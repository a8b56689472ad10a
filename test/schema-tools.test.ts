import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

// The migrations' snapshot describes the schema of `db/schema/`: `drizzle-kit generate` run on a
// clean checkout finds nothing to write. A schema change without its migration (or a migration
// written by hand without its snapshot) fails here. The tool runs on a copy of the migrations, so
// the test writes nothing into the repository's own folder.

const root = path.resolve(import.meta.dirname, '..');

describe('the schema tools', () => {
  it('drizzle-kit generate finds nothing to do', () => {
    const work = path.join('.scratch', `drizzle-${process.pid}`);
    fs.rmSync(path.join(root, work), { recursive: true, force: true });
    fs.mkdirSync(path.join(root, work), { recursive: true });
    fs.cpSync(path.join(root, 'db/migrations'), path.join(root, work, 'migrations'), { recursive: true });
    try {
      const run = spawnSync(
        'node_modules/.bin/drizzle-kit',
        ['generate', '--dialect', 'postgresql', '--schema', './db/schema/index.ts', '--out', `./${work}/migrations`, '--casing', 'snake_case'],
        { cwd: root, encoding: 'utf8', timeout: 60_000 },
      );
      expect(run.status, run.stderr).toBe(0);
      expect(run.stdout).toMatch(/No schema changes/);
      expect(fs.readdirSync(path.join(root, work, 'migrations')).sort()).toEqual(fs.readdirSync(path.join(root, 'db/migrations')).sort());
    } finally {
      fs.rmSync(path.join(root, work), { recursive: true, force: true });
    }
  });
});
