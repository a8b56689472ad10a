// npm run clients -- <command> — manage partner API clients and the token signing key.
//
// Works against DATABASE_URL, or the embedded database in PGLITE_DATA_DIR (default .data/app;
// stop the server using it first: the embedded database is single-process). A new secret is
// printed once and never again; only its hash is stored.
// useDatabase is not a React hook; the alias keeps the hooks lint rule from thinking so.
import { openDatabase, type Database } from '@/db/client';
import { logger } from '@/lib/logger';
import { getDb, useDatabase as setAppDatabase } from '@/lib/database';
import { migrateDatabase } from '@/db/migrate';
import os from 'node:os';
import {
  ClientManagementError,
  createClient,
  disableClient,
  listClients,
  parseScopes,
  resolveDealer,
  rotateClientSecret,
} from '@/lib/auth/manage-clients';
import { OVERRIDE_REASON_MAX } from '@/lib/console/production-checklist';
import type { ProductionBody } from '@/lib/console/schemas';
import { enableProduction } from '@/lib/console/use-cases/onboarding';
import { SCOPES } from '@/lib/auth/scopes';
import { rotateSigningKey } from '@/lib/auth/signing-keys';
import { env } from '@/lib/env';

const USAGE = `Usage: npm run clients -- <command>

  create --dealer <dealer id or name> --env sandbox|production
         [--scopes "${SCOPES.join(' ')}"] [--name <name>] [--enable-production [--reason <why>]]
      Creates a client and prints its id and secret (the secret only this once).
      Production clients need a dealer enabled for production. --enable-production enables it
      now, as the console does: when the dealer's sandbox has shown every item of the production
      checklist, or with --reason, the override's reason, recorded with the enabling.
  list [--dealer <dealer id or name>]
      Lists clients (never secrets).
  disable <clientId>
      No new tokens at once; issued tokens stop working within 60 seconds.
  rotate <clientId>
      Replaces the secret and prints the new one (only this once); the old secret stops working.
  rotate-signing-key
      Signs new access tokens with a new key; tokens signed with the old key stay valid
      (both keys are published in /.well-known/jwks.json).

Database: DATABASE_URL, else the embedded database in PGLITE_DATA_DIR (default .data/app;
use .data/dev for the one of npm run dev).`;

class UsageError extends Error {}

type Parsed = { command: string | undefined; positional: string[]; flags: Map<string, string | true> };

const VALUE_FLAGS = new Set(['dealer', 'env', 'scopes', 'name', 'reason']);
const BOOLEAN_FLAGS = new Set(['enable-production', 'help']);

function parseArgs(argv: string[]): Parsed {
  const positional: string[] = [];
  const flags = new Map<string, string | true>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    if (arg === '-h') {
      flags.set('help', true);
      continue;
    }
    if (!arg.startsWith('--')) {
      positional.push(arg);
      continue;
    }
    const eq = arg.indexOf('=');
    const name = arg.slice(2, eq < 0 ? undefined : eq);
    if (BOOLEAN_FLAGS.has(name)) {
      if (eq >= 0) throw new UsageError(`--${name} takes no value.`);
      flags.set(name, true);
    } else if (VALUE_FLAGS.has(name)) {
      const value = eq >= 0 ? arg.slice(eq + 1) : argv[++i];
      if (value === undefined || (eq < 0 && value.startsWith('--'))) throw new UsageError(`--${name} needs a value.`);
      if (flags.has(name)) throw new UsageError(`--${name} is given twice.`);
      flags.set(name, value);
    } else {
      throw new UsageError(`Unknown option --${name}.`);
    }
  }
  const [command, ...rest] = positional;
  return { command, positional: rest, flags };
}

function text(flags: Parsed['flags'], name: string): string | undefined {
  const value = flags.get(name);
  return typeof value === 'string' ? value : undefined;
}

function only(p: Parsed, allowed: string[], positional: number) {
  for (const name of p.flags.keys()) if (!allowed.includes(name)) throw new UsageError(`${p.command} takes no --${name}.`);
  if (p.positional.length !== positional) {
    throw new UsageError(positional === 0 ? `${p.command} takes no arguments.` : `${p.command} needs exactly one client id.`);
  }
}

function databaseLabel(): string {
  return env.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded database in ${process.env.PGLITE_DATA_DIR || '.data/app'}`;
}

async function open(): Promise<Database> {
  const db = env.databaseUrl
    ? openDatabase({ url: env.databaseUrl, poolSize: 2, log: logger })
    : openDatabase({ dataDir: process.env.PGLITE_DATA_DIR || '.data/app' });
  if (db.driver === 'pglite') await migrateDatabase(db);
  setAppDatabase(db); // the signing keys live behind getDb()
  return db;
}

function printSecret(lines: [string, string][]) {
  const width = Math.max(...lines.map(([k]) => k.length));
  for (const [k, v] of lines) console.log(`${k.padEnd(width)}  ${v}`);
  console.log('\nStore the secret now: it is shown only this once and cannot be recovered.');
}

/** The operator this command records: the machine's user, through the operations tool. */
function cliOperator() {
  return { id: 'cli', name: `npm run clients (${os.userInfo().username})`, email: '' };
}

async function enableProductionFromCli(dealerText: string, input: { scopes?: string; name?: string; reason?: string }) {
  const dealer = await resolveDealer(getDb(), dealerText);
  const issued = await enableProduction(cliOperator(), dealer.id, {
    name: input.name,
    scopes: input.scopes ? (parseScopes(input.scopes) as ProductionBody['scopes']) : undefined,
    ...(input.reason ? { override: { reason: input.reason } } : {}),
  });
  return { ...issued, dealerId: dealer.id, dealerName: dealer.name };
}

async function run(p: Parsed, db: Database): Promise<void> {
  switch (p.command) {
    case 'create': {
      only(p, ['dealer', 'env', 'scopes', 'name', 'enable-production', 'reason'], 0);
      const dealer = text(p.flags, 'dealer');
      const environment = text(p.flags, 'env');
      if (!dealer) throw new UsageError('create needs --dealer <dealer id or name>.');
      if (environment !== 'sandbox' && environment !== 'production') throw new UsageError('create needs --env sandbox or --env production.');
      const reason = text(p.flags, 'reason')?.trim();
      if (p.flags.has('reason') && !p.flags.has('enable-production')) throw new UsageError('--reason goes with --enable-production.');
      if (p.flags.has('reason') && (!reason || reason.length > OVERRIDE_REASON_MAX)) {
        throw new UsageError(`--reason needs a text of 1 to ${OVERRIDE_REASON_MAX} characters.`);
      }
      const scopes = text(p.flags, 'scopes');
      const name = text(p.flags, 'name');
      // Enabling production goes through the console's use case: the same checklist, the same
      // override, the same record in operator_actions (with this command as the operator).
      const c =
        environment === 'production' && p.flags.has('enable-production')
          ? await enableProductionFromCli(dealer, { scopes, name, reason })
          : await createClient(db.db, { dealer, environment, scopes, name });
      console.log(`Created an API client for ${c.dealerName} (${c.environment}).\n`);
      printSecret([
        ['client_id', c.clientId],
        ['client_secret', c.secret],
        ['dealer', `${c.dealerName} (${c.dealerId})`],
        ['environment', c.environment],
        ['scopes', c.scopes.join(' ')],
        ['name', c.name],
      ]);
      return;
    }
    case 'list': {
      only(p, ['dealer'], 0);
      const rows = await listClients(db.db, text(p.flags, 'dealer'));
      if (rows.length === 0) {
        console.log('No API clients.');
        return;
      }
      const table = rows.map((r) => ({
        client_id: r.clientId,
        dealer: r.dealerName,
        environment: r.environment,
        scopes: r.scopes.join(' '),
        status: r.disabledAt ? `disabled ${r.disabledAt.toISOString()}` : 'active',
        created: r.createdAt.toISOString(),
        name: r.name,
      }));
      const keys = Object.keys(table[0]!) as (keyof (typeof table)[number])[];
      const widths = keys.map((k) => Math.max(k.length, ...table.map((r) => r[k].length)));
      const line = (cells: string[]) => cells.map((c, i) => c.padEnd(widths[i]!)).join('  ').trimEnd();
      console.log(line(keys));
      for (const r of table) console.log(line(keys.map((k) => r[k])));
      return;
    }
    case 'disable': {
      only(p, [], 1);
      const clientId = p.positional[0]!;
      const changed = await disableClient(db.db, clientId);
      console.log(
        changed
          ? `Disabled ${clientId}: no new tokens; its tokens stop working within 60 seconds.`
          : `${clientId} was already disabled.`,
      );
      return;
    }
    case 'rotate': {
      only(p, [], 1);
      const r = await rotateClientSecret(db.db, p.positional[0]!);
      console.log(`New secret for ${r.clientId}; the old secret no longer works (tokens already issued run out within their lifetime).\n`);
      printSecret([
        ['client_id', r.clientId],
        ['client_secret', r.secret],
      ]);
      if (r.disabled) console.log(`Note: ${r.clientId} is disabled; the new secret gets no tokens until it is enabled again.`);
      return;
    }
    case 'rotate-signing-key': {
      only(p, [], 0);
      if (env.tokenSigningKey) {
        throw new UsageError('TOKEN_SIGNING_KEY is set: tokens are signed with that key. Rotate it in the configuration instead.');
      }
      const kid = await rotateSigningKey();
      console.log(`New signing key ${kid}. App nodes sign with it within 5 minutes; tokens signed with the previous key stay valid.`);
      return;
    }
    default:
      throw new UsageError(p.command ? `Unknown command "${p.command}".` : 'Name a command.');
  }
}

async function main(): Promise<number> {
  let parsed: Parsed;
  try {
    parsed = parseArgs(process.argv.slice(2));
  } catch (err) {
    console.error(`${(err as Error).message}\n\n${USAGE}`);
    return 2;
  }
  if (parsed.flags.has('help') || parsed.command === 'help') {
    console.log(USAGE);
    return 0;
  }
  if (!['create', 'list', 'disable', 'rotate', 'rotate-signing-key'].includes(parsed.command ?? '')) {
    console.error(`${parsed.command ? `Unknown command "${parsed.command}".` : 'Name a command.'}\n\n${USAGE}`);
    return 2;
  }
  let db: Database | undefined;
  try {
    db = await open();
    console.error(`(${databaseLabel()})`);
    await run(parsed, db);
    return 0;
  } catch (err) {
    if (err instanceof UsageError) {
      console.error(`${err.message}\n\n${USAGE}`);
      return 2;
    }
    console.error(err instanceof ClientManagementError ? err.message : `Failed: ${err instanceof Error ? err.message : String(err)}`);
    return 1;
  } finally {
    await db?.close();
  }
}

main().then((code) => process.exit(code));
