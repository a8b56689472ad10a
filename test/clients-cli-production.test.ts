import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { insertDealer } from '@/db/repositories/dealers';
import { apiClients, dealers, operatorActions } from '@/db/schema';

// `npm run clients -- create --env production --enable-production` follows the console's rule
// (docs/console.md, "Production needs evidence"): a dealer whose sandbox has not shown the
// checklist is refused and nothing is written; with --reason the override is recorded with the
// enabling, this command as the operator. The command runs as an operator runs it, in its own
// process, on an embedded database of its own (a folder this test prepares and reads afterwards).

const dir = mkdtempSync(path.join(tmpdir(), 'spoke-cli-'));
const dataDir = path.join(dir, 'db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function cli(...args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const env: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'warn' };
  delete env.DATABASE_URL;
  delete env.TEST_DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['scripts/clients.ts', ...args], { env });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

async function withDatabase<T>(work: (db: ReturnType<typeof openDatabase>) => Promise<T>): Promise<T> {
  const db = openDatabase({ dataDir });
  try {
    return await work(db);
  } finally {
    await db.close();
  }
}

describe('npm run clients -- create --enable-production', () => {
  it('refuses a dealer without sandbox evidence, needs a reason to override, and records the override', async () => {
    const dealerId = await withDatabase(async (db) => {
      await migrateDatabase(db);
      return insertDealer(db.db, 'Radwerk Kommandozeile');
    });

    const refused = await cli('create', '--dealer', 'Radwerk Kommandozeile', '--env', 'production', '--enable-production');
    expect(refused.code, refused.stderr).toBe(1);
    expect(refused.stderr).toMatch(/production/i);
    expect(refused.stdout).not.toMatch(/client_secret/);

    const blank = await cli('create', '--dealer', 'Radwerk Kommandozeile', '--env', 'production', '--enable-production', '--reason', '   ');
    expect(blank.code, blank.stderr).toBe(2);
    expect(blank.stderr).toMatch(/--reason needs a text/);

    const stray = await cli('create', '--dealer', 'Radwerk Kommandozeile', '--env', 'sandbox', '--reason', 'why not');
    expect(stray.code, stray.stderr).toBe(2);

    await withDatabase(async (db) => {
      const [dealer] = await db.db.select().from(dealers).where(eq(dealers.id, dealerId));
      expect(dealer!.productionEnabledAt).toBeNull();
      expect(await db.db.select().from(apiClients).where(eq(apiClients.dealerId, dealerId))).toEqual([]);
      expect(await db.db.select().from(operatorActions).where(eq(operatorActions.dealerId, dealerId))).toEqual([]);
    });

    const enabled = await cli('create', '--dealer', 'Radwerk Kommandozeile', '--env', 'production', '--enable-production', '--reason', '  Pilot partner, integration reviewed by phone  ');
    expect(enabled.code, enabled.stderr).toBe(0);
    const clientId = /client_id\s+(\S+)/.exec(enabled.stdout)?.[1];
    expect(clientId).toMatch(/^live_/);

    await withDatabase(async (db) => {
      const [dealer] = await db.db.select().from(dealers).where(eq(dealers.id, dealerId));
      expect(dealer!.productionEnabledAt).toBeInstanceOf(Date);
      const actions = await db.db.select().from(operatorActions).where(eq(operatorActions.dealerId, dealerId));
      const enabling = actions.find((a) => a.action === 'production_enabled');
      expect(enabling?.actorId).toBe('cli');
      expect(enabling?.actorName).toMatch(/^npm run clients \(/);
      const details = enabling?.details as { override?: { reason: string }; checklist: { key: string; met: boolean }[] };
      expect(details.override?.reason).toBe('Pilot partner, integration reviewed by phone');
      expect(details.checklist.filter((c) => !c.met).map((c) => c.key)).toContain('offersCreated');
      expect(actions.map((a) => a.action)).toContain('client_created');
    });
  }, 120_000);
});
