import type { SandboxRecord } from '@/db/repositories/sandbox-record';

// The proof a dealer's sandbox integration must show before the operator enables production
// (docs/console.md, "Production needs evidence"): derived from the dealer's sandbox record, one
// item per behaviour the integration must have shown at least once. Production unlocks when
// every item is met; otherwise only with an operator's override and its reason. Plain data: the
// server decides with it, the console's page shows it.

export const PRODUCTION_CHECKS = ['offersCreated', 'offerDraft', 'rejectionFixed', 'offerCanceled', 'webhooksTried'] as const;
export type ProductionCheckKey = (typeof PRODUCTION_CHECKS)[number];

export type ProductionCheck = {
  key: ProductionCheckKey;
  met: boolean;
  /** The figures behind the item (`count`; for webhooks `endpoints` and `attempts`). */
  figures: Record<string, number>;
};

export type ProductionChecklist = {
  items: ProductionCheck[];
  allMet: boolean;
  /** The keys of the items not met, in checklist order. */
  missing: ProductionCheckKey[];
};

/** An override's reason: required, trimmed, at most this long. */
export const OVERRIDE_REASON_MAX = 1000;

export function productionChecklist(record: SandboxRecord): ProductionChecklist {
  const items: ProductionCheck[] = [
    { key: 'offersCreated', met: record.offersCreated > 0, figures: { count: record.offersCreated } },
    { key: 'offerDraft', met: record.offersReachedDraft > 0, figures: { count: record.offersReachedDraft } },
    { key: 'rejectionFixed', met: record.offersFixed > 0, figures: { count: record.offersFixed } },
    { key: 'offerCanceled', met: record.offersCanceled > 0, figures: { count: record.offersCanceled } },
    {
      key: 'webhooksTried',
      met: record.webhookEndpoints > 0 && record.webhookAttempts > 0,
      figures: { endpoints: record.webhookEndpoints, attempts: record.webhookAttempts, delivered: record.webhookDelivered },
    },
  ];
  const missing = items.filter((i) => !i.met).map((i) => i.key);
  return { items, allMet: missing.length === 0, missing };
}

/** The checklist as recorded in operator_actions: each item's key, whether it was met, its figures. */
export function checklistState(checklist: ProductionChecklist) {
  return checklist.items.map((i) => ({ key: i.key, met: i.met, ...i.figures }));
}
