import type { PurchaseOrderStatus } from '@/lib/shared/model';

// Where an order stands as the dealer's and the operator's pages show it: the five steps from the
// order to the payment, which of them are done, and what the dealer does next.

export const ORDER_PROGRESS = ['awaiting_handover', 'handed_over', 'invoiced', 'approved', 'paid'] as const;
export type ProgressStep = (typeof ORDER_PROGRESS)[number];

/** How far along `status` is: the index of its step (a rejected invoice stands at `invoiced`); -1 when canceled. */
export function progressIndex(status: PurchaseOrderStatus): number {
  if (status === 'canceled') return -1;
  return ORDER_PROGRESS.indexOf(status === 'invoice_rejected' ? 'invoiced' : status);
}

/** Each step with its state: done, the current one, or still to come. */
export function progressSteps(status: PurchaseOrderStatus): { step: ProgressStep; state: 'done' | 'current' | 'todo' }[] {
  const at = progressIndex(status);
  // The last step reached is done, not waiting: a paid order has nothing left.
  return ORDER_PROGRESS.map((step, i) => ({ step, state: i < at || (i === at && status === 'paid') ? 'done' : i === at ? 'current' : 'todo' }));
}

/** The dealer's next action: hand over, invoice, correct the invoice, or none (waiting for the operator, or finished). */
export type DealerAction = 'hand_over' | 'invoice' | 'correct_invoice' | 'wait_check' | 'wait_payout' | 'none';

export function dealerAction(status: PurchaseOrderStatus): DealerAction {
  switch (status) {
    case 'awaiting_handover':
      return 'hand_over';
    case 'handed_over':
      return 'invoice';
    case 'invoice_rejected':
      return 'correct_invoice';
    case 'invoiced':
      return 'wait_check';
    case 'approved':
      return 'wait_payout';
    default:
      return 'none';
  }
}
