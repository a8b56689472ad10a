import { randomBytes } from 'node:crypto';

// The token endpoint's CPU per token, client secrets stored the old way (scrypt) against the new
// (keyed HMAC-SHA-256), through the real handler of POST /oauth/token (lib/auth/token-endpoint.ts)
// and the real database, in this process (docs/performance.md, "Token endpoint"):
//   1. N clients whose secrets are stored as scrypt hashes, as every client was before;
//   2. "before": one token each — the first use verifies the scrypt hash (and moves it over);
//   3. "after": M tokens for the same clients, now verified by the keyed hash.
// CPU is this process's (process.cpuUsage): the handler's own work, the database server's apart.
// Prints one line "TOKEN_COST_JSON {...}" for bench/run.ts and a readable summary.
//   DATABASE_URL=…/spoke_bench npx tsx bench/token-cost.ts [clients=40] [tokens=2000]
// Without DATABASE_URL it runs on an embedded database in memory (migrated and seeded here).

(process.env as Record<string, string>).NODE_ENV ??= 'production';
process.env.LOG_LEVEL = 'warn';
process.env.RATE_LIMIT_PER_MINUTE = '1000000';
process.env.PROCESSOR_INTERVAL_MS = '0';
process.env.CRON_SECRET ??= 'bench-cron-secret';
process.env.NEXTAUTH_SECRET ??= 'bench-session-secret-0123456789';

async function main() {
  const clients = Number(process.argv[2] ?? 40);
  const tokens = Number(process.argv[3] ?? 2000);
  const { database, getDb } = await import('@/lib/database');
  const { like } = await import('drizzle-orm');
  const { apiClients } = await import('@/db/schema');
  const { DEMO, seedDemo } = await import('@/db/seed');
  const { hashSecret } = await import('@/lib/auth/secret-hash');
  const { handleTokenRequest } = await import('@/lib/auth/token-endpoint');
  const { SCOPES } = await import('@/lib/auth/scopes');
  const db = database();
  if (db.driver === 'pglite') {
    const { migrateDatabase } = await import('@/db/migrate');
    await migrateDatabase(db);
    const { hashClientSecret: hashClient } = await import('@/lib/auth/client-secret');
    await seedDemo(db.db, hashSecret, hashClient);
  }

  const tag = `bench-token-${randomBytes(3).toString('hex')}`;
  const made: { clientId: string; secret: string }[] = [];
  for (let i = 0; i < clients; i++) {
    const secret = randomBytes(24).toString('base64url');
    made.push({ clientId: `${tag}-${i}`, secret });
  }
  // The old form, as stored before: a scrypt hash per client (not measured).
  const rows = await Promise.all(
    made.map(async (c) => ({
      clientId: c.clientId,
      dealerId: DEMO.dealerA.id,
      environment: 'sandbox' as const,
      name: c.clientId,
      secretHash: await hashSecret(c.secret),
      scopes: [...SCOPES],
    })),
  );
  await getDb().insert(apiClients).values(rows);

  let n = 0;
  const request = (c: { clientId: string; secret: string }) =>
    new Request('http://spoke.test/oauth/token', {
      method: 'POST',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${c.clientId}:${c.secret}`).toString('base64')}`,
        'x-forwarded-for': `198.18.${(n >> 8) & 255}.${n++ & 255}`,
      },
      body: 'grant_type=client_credentials',
    });
  const measure = async (count: number, pick: (i: number) => { clientId: string; secret: string }) => {
    const cpu = process.cpuUsage();
    const started = performance.now();
    for (let i = 0; i < count; i++) {
      const res = await handleTokenRequest(request(pick(i)));
      if (res.status !== 200) throw new Error(`token request failed: ${res.status} ${await res.text()}`);
      await res.text();
    }
    const used = process.cpuUsage(cpu);
    const cpuMs = (used.user + used.system) / 1000;
    return { tokens: count, cpuMsPerToken: cpuMs / count, tokensPerCpuSecond: (count * 1000) / cpuMs, wallMs: performance.now() - started };
  };

  try {
    // Warm the code paths (signing key, prepared statements) with a client of the new form.
    const { hashClientSecret } = await import('@/lib/auth/client-secret');
    const warm = { clientId: `${tag}-warm`, secret: randomBytes(24).toString('base64url') };
    await getDb().insert(apiClients).values({ ...rows[0]!, clientId: warm.clientId, name: warm.clientId, secretHash: hashClientSecret(warm.secret) });
    await measure(50, () => warm);

    const before = await measure(clients, (i) => made[i]!);
    const moved = await getDb().select({ h: apiClients.secretHash }).from(apiClients).where(like(apiClients.clientId, `${tag}-%`));
    if (moved.some((r) => !r.h.startsWith('hmac-sha256$'))) throw new Error('a client secret was not rehashed on its first use');
    const after = await measure(tokens, (i) => made[i % clients]!);
    const result = { database: db.driver, clients, before, after, ratio: after.tokensPerCpuSecond / before.tokensPerCpuSecond };
    console.log(`TOKEN_COST_JSON ${JSON.stringify(result)}`);
    console.log(
      `token endpoint (in-process, ${db.driver}): scrypt-stored secrets ${before.cpuMsPerToken.toFixed(2)} ms CPU/token = ${before.tokensPerCpuSecond.toFixed(0)} tokens per CPU-second; ` +
        `keyed hash ${after.cpuMsPerToken.toFixed(3)} ms CPU/token = ${after.tokensPerCpuSecond.toFixed(0)} tokens per CPU-second (${result.ratio.toFixed(1)}×)`,
    );
  } finally {
    await getDb().delete(apiClients).where(like(apiClients.clientId, `${tag}-%`));
    await db.close();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
