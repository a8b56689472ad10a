// npm run process-offers [-- --batch-size N]
//
// Runs the processor once over every due offer against the configured database (DATABASE_URL, or
// the embedded one in PGLITE_DATA_DIR), prints the summary as JSON and exits 0. Safe to run beside
// the app and other processors: offers are claimed with FOR UPDATE SKIP LOCKED.
import { database } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import { env } from '@/lib/env';
import { runProcessor } from '@/lib/runtime/run-processor';

function parseArgs(argv: string[]): { batchSize?: number } {
  const out: { batchSize?: number } = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [name, inline] = arg.split('=', 2);
    if (name === '--batch-size') {
      const value = inline ?? argv[++i];
      const n = Number(value);
      if (!Number.isInteger(n) || n < 1 || n > 100_000) throw new Error(`--batch-size must be a whole number from 1 to 100000, got ${value}`);
      out.batchSize = n;
    } else if (arg === '--help' || arg === '-h') {
      console.log('Usage: npm run process-offers [-- --batch-size N]');
      process.exit(0);
    } else {
      throw new Error(`Unknown argument: ${arg}`);
    }
  }
  return out;
}

async function main(): Promise<void> {
  const args = parseArgs(process.argv.slice(2));
  const db = database();
  try {
    // The embedded database may be new: bring its schema up to date first (as the app does at start).
    if (env.embeddedDatabase) await migrateDatabase(db);
    const summary = await runProcessor(args);
    console.log(JSON.stringify(summary));
  } finally {
    await db.close();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    const cause = err instanceof Error && err.cause instanceof Error ? `: ${err.cause.message}` : '';
    console.error(`process-offers failed: ${err instanceof Error ? err.message : String(err)}${cause}`);
    process.exit(1);
  },
);
