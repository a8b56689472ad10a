import 'server-only';
import { getDb } from '@/lib/database';
import { listApiClients } from '@/db/repositories/api-clients';
import { listDealerActions } from '@/db/repositories/dealers';
import { dealerSandboxRecord } from '@/db/repositories/sandbox-record';
import { dealerEvaluation, findDealer, listDealersOverview, type DealerEvaluation, type DealerOverview } from '@/db/repositories/operator-dealers';
import { productionChecklist, type ProductionChecklist } from '@/lib/console/production-checklist';

// What the console reads of dealers: the overview, one dealer's page, its integration's evaluation
// and its production checklist.

export type { DealerEvaluation, DealerOverview, ProductionChecklist };

/** The dealer's production checklist, from its sandbox record (the enabling checks it again). */
async function sandboxChecklist(id: string): Promise<ProductionChecklist> {
  return productionChecklist(await dealerSandboxRecord(getDb(), id, 'sandbox'));
}

/** Every dealer with its clients and offers per environment. */
export async function listDealers(): Promise<DealerOverview[]> {
  return listDealersOverview(getDb());
}

/** The dealer's name (page titles), or undefined when there is no such dealer. */
export async function dealerName(id: string): Promise<string | undefined> {
  return (await findDealer(getDb(), id))?.name;
}

/** What the dealer's integration did, per environment; null when there is no such dealer. */
export async function dealerEvaluationReport(id: string) {
  const db = getDb();
  const dealer = await findDealer(db, id);
  if (!dealer) return null;
  return {
    dealer,
    sandbox: await dealerEvaluation(db, id, 'sandbox'),
    production: await dealerEvaluation(db, id, 'production'),
    checklist: await sandboxChecklist(id),
  };
}

/** Everything the dealer's page shows, or null when there is no such dealer. */
export async function dealerDetail(id: string) {
  const db = getDb();
  const dealer = await findDealer(db, id);
  if (!dealer) return null;
  const [clients, sandbox, production, actions, checklist] = await Promise.all([
    listApiClients(db, dealer.id),
    dealerEvaluation(db, dealer.id, 'sandbox'),
    dealerEvaluation(db, dealer.id, 'production'),
    listDealerActions(db, dealer.id),
    sandboxChecklist(dealer.id),
  ]);
  return { dealer, clients, sandbox, production, actions, checklist };
}
