import { database } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { seedDemo } from '@/db/seed';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { startProcessorSchedule } from './schedule';

/** What the server does once at start: migrate (embedded database), seed (SEED_DEMO), schedule the processor. */
export async function startServer(): Promise<void> {
  if (env.publicDefaults.length > 0) {
    // A production deployment with a real database must not run on secrets everyone knows.
    logger.fatal({ missing: env.publicDefaults }, `refusing to start: set ${env.publicDefaults.join(', ')} (the defaults are public)`);
    process.exit(1);
  }
  const db = database();
  if (env.embeddedDatabase) {
    await migrateDatabase(db);
    logger.info({ dataDir: env.pgliteDataDir }, 'embedded database migrated');
  }
  if (env.seedDemo) {
    await seedDemo(db.db);
    logger.info('demo data loaded');
  }
  if (env.processorIntervalMs > 0) startProcessorSchedule(env.processorIntervalMs);
}
