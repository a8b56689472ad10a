import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { openDatabase } from '@/db/client';
import { apiClients } from '@/db/schema';
import { verifyClientSecret } from '@/lib/auth/client-secret';
import { env } from '@/lib/env';

// `npm run db:seed` may run with other secrets than the server that later serves its demo clients
// (a deployment that sets NEXTAUTH_SECRET or CLIENT_SECRET_KEY only for `npm start`). The demo
// clients' secrets must then still be accepted: the script stores them in a form that needs no
// server key, which the server's first successful check replaces with its keyed hash. The script
// runs as a person runs it, in its own process, on an embedded database of its own.

const dir = mkdtempSync(path.join(tmpdir(), 'spoke-seed-'));
const dataDir = path.join(dir, 'db');
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function seedScript(extraEnv: Record<string, string>): Promise<{ code: number | null; output: string }> {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, PGLITE_DATA_DIR: dataDir, LOG_LEVEL: 'warn', ...extraEnv };
  delete childEnv.DATABASE_URL;
  delete childEnv.TEST_DATABASE_URL;
  return new Promise((resolve, reject) => {
    const child = spawn('node_modules/.bin/tsx', ['scripts/db-seed.ts'], { env: childEnv });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, output }));
  });
}

describe('npm run db:seed with other secrets than the server', () => {
  // The script also writes the lived-in demo (300 offers through the app's writes): a process of some seconds.
  it("stores the demo clients' secrets so that a server with any key accepts them, and the first check moves them to its keyed hash", { timeout: 240_000 }, async () => {
    const seedKey = 'a-key-only-the-seed-command-knows-0123456789';
    expect(seedKey).not.toBe(env.clientSecretKey);
    const seeded = await seedScript({ CLIENT_SECRET_KEY: seedKey, NEXTAUTH_SECRET: 'a-session-secret-of-the-seed-0123456789' });
    expect(seeded.output).toContain('Demo data loaded');
    expect(seeded.code).toBe(0);

    const db = openDatabase({ dataDir });
    try {
      const [client] = await db.db.select({ secretHash: apiClients.secretHash }).from(apiClients).where(eq(apiClients.clientId, 'demo-sandbox'));
      // This process checks with its own key, not the seed command's.
      const checked = await verifyClientSecret('demo-sandbox-secret', client!.secretHash);
      expect(checked.ok).toBe(true);
      expect(checked.rehash).toMatch(/^hmac-sha256\$/);
      expect((await verifyClientSecret('demo-sandbox-secret', checked.rehash!)).ok).toBe(true);
      expect((await verifyClientSecret('not-the-secret', client!.secretHash)).ok).toBe(false);
    } finally {
      await db.close();
    }
  });
});
