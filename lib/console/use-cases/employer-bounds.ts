import 'server-only';
import { insertOperatorAction } from '@/db/repositories/dealers';
import { findEmployerRules } from '@/db/repositories/employer-rules';
import { getDb } from '@/lib/database';
import { ApiError } from '@/lib/api/errors';
import type { BoundsBody } from '@/lib/console/schemas';
import { boundsOf, totalsOf, writeBounds, writeRules } from '@/lib/employer/use-cases/rules';
import type { Operator } from './operator';

// The operator's bounds on an employer's rules (docs/employer.md, "Rules and bounds") and the
// employer's price limit: one transaction, recorded in the console's log and in the employer's
// history (old → new). A bound tighter than HR's rule applies at once: orders meet the narrower.

export const operatorChangeActor = (operator: Operator) => ({ actorType: 'operator' as const, actorId: operator.id, actorName: operator.name });

export async function setEmployerBounds(operator: Operator, employerId: string, body: BoundsBody): Promise<BoundsBody> {
  return getDb().transaction(async (tx) => {
    const row = await findEmployerRules(tx, employerId, { lock: true });
    if (!row) throw new ApiError('NOT_FOUND', { details: `No employer ${employerId}.` });
    const before = { maxTotalPriceGross: totalsOf(row).maxTotalPriceGross, ...boundsOf(row) };
    const bounds = { totalPriceFloorGross: body.totalPriceFloorGross, totalPriceCeilingGross: body.totalPriceCeilingGross, bicyclesAtOnceCeiling: body.bicyclesAtOnceCeiling };
    const boundChanges = (await writeBounds(tx, employerId, bounds, operatorChangeActor(operator))) ?? [];
    const limitChanges = await writeRules(tx, employerId, row, { ...totalsOf(row), maxTotalPriceGross: body.maxTotalPriceGross }, operatorChangeActor(operator));
    if (boundChanges.length > 0) await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'bounds_changed', employerId, details: { changes: boundChanges } });
    if (limitChanges.length > 0) {
      await insertOperatorAction(tx, { actorId: operator.id, actorName: operator.name, action: 'price_limit_changed', employerId, details: { old: before.maxTotalPriceGross, new: body.maxTotalPriceGross } });
    }
    return body;
  });
}
