import 'server-only';
import { database } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { warmConnections } from '@/db/repositories/warm-up';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { productionDeployment } from '@/lib/demo/demo-client';
import { startProcessorSchedule } from './schedule';
import { startTracing } from '@/lib/ops/tracing';

/**
 * What the server does once at start: migrate (embedded database), seed (SEED_DEMO), open and warm
 * the pool's connections (PostgreSQL), schedule the processor.
 */
export async function startServer(): Promise<void> {
  if (env.publicDefaults.length > 0) {
    // A production deployment with a real database must not run on secrets everyone knows.
    logger.fatal({ missing: env.publicDefaults }, `refusing to start: set ${env.publicDefaults.join(', ')} (the defaults are public)`);
    process.exit(1);
  }
  if (productionDeployment() && env.operatorUnset.length > 0) {
    // Customers read the operator's name, address, register entry and privacy contact on every page.
    logger.warn({ unset: env.operatorUnset }, `customer pages name the demo operator: set ${env.operatorUnset.join(', ')}`);
  }
  if (env.otlpEndpoint) {
    startTracing(env.otlpEndpoint);
    logger.info({ endpoint: env.otlpEndpoint }, 'traces exported by OTLP');
  }
  const db = database();
  if (env.embeddedDatabase) {
    await migrateDatabase(db);
    logger.info({ dataDir: env.pgliteDataDir }, 'embedded database migrated');
  }
  // One process writes the demo data: workers seeding a fresh database at once would collide.
  // Its seeder (lib/demo/seed.ts) is loaded only then.
  if (env.seedDemo && env.firstWorker) {
    const { seedDemoData } = await import('@/lib/demo/seed');
    // A shop that has worked for months (idempotent: nothing is added on a later start).
    await seedDemoData(db.db, { keyedClientSecrets: true });
    // A production deployment gets the demo data only when asked (SEED_DEMO), and says so loudly.
    if (productionDeployment()) {
      logger.warn({ SEED_DEMO: true }, 'demo data loaded in production because SEED_DEMO is set: the public demo credentials of README.md sign in here; unset SEED_DEMO for a real deployment');
    } else {
      logger.info('demo data loaded');
    }
  } else if (productionDeployment() && !env.seedDemo) {
    logger.info('no demo data (production with DATABASE_URL; SEED_DEMO=true would load it)');
  }
  const warm = await warmConnections(db, env.databasePoolSize);
  if (warm.warmed > 0) logger.debug({ connections: warm.warmed }, 'database connections opened and warmed');
  const stopProcessor = env.processorIntervalMs > 0 ? startProcessorSchedule(env.processorIntervalMs) : async () => {};
  // The HTTP server (scripts/server.mjs) calls this once the requests in flight are answered: the
  // processor finishes its batch, then the database is closed.
  (globalThis as { [SHUTDOWN]?: () => Promise<void> })[SHUTDOWN] = async () => {
    await stopProcessor();
    await db.close();
    logger.info('processor stopped, database closed');
  };
}

const SHUTDOWN = Symbol.for('spoke.shutdown');
