import { database } from '@/db/client';
import { migrateDatabase } from '@/db/migrate';
import { seedDemo } from '@/db/seed';
import { env } from '@/lib/env';
import { logger } from '@/lib/logger';
import { startProcessorSchedule } from './schedule';

/** What the server does once at start: migrate (embedded database), seed (SEED_DEMO), schedule the processor. */
export async function startServer(): Promise<void> {
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
