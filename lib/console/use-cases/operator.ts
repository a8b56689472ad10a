import 'server-only';
import type { Actor } from '@/lib/auth/authenticate';

/** An operator: a portal user whose role is `operator` (lib/console/http/auth.ts checks it per request). */
export type Operator = { id: string; name: string; email: string };

/** The actor of an operator's changes, as history entries record it. */
export function operatorActor(operator: Operator): Actor {
  return { type: 'operator', id: operator.id, name: operator.name };
}
