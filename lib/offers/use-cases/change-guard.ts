import 'server-only';
import type { Executor } from '@/db/client';

/**
 * A check that belongs to a change of an offer and must hold at the moment it is written: run in
 * the change's transaction once the offer's row is locked, before the change; it refuses the change
 * by throwing (the console's claims: lib/console/use-cases/claims.ts).
 */
export type ChangeGuard = (tx: Executor) => Promise<void>;
