import type { InvoiceStatus, PurchaseOrderStatus } from '@/lib/shared/model';

// The order's state machine after the offer is done: which step moves it from where, and the
// groups the dealer's lists filter by. Nothing else decides which order status may follow which.

export type OrderStep = 'issue' | 'new_pickup_code' | 'hand_over' | 'submit_invoice' | 'approve_invoice' | 'reject_invoice' | 'pay' | 'cancel';

/** The statuses each step may start from, and where it leads (a new code leaves the status as it is). */
export const ORDER_STEPS: Record<OrderStep, { from: readonly PurchaseOrderStatus[]; to: PurchaseOrderStatus | null }> = {
  issue: { from: [], to: 'awaiting_handover' },
  new_pickup_code: { from: ['awaiting_handover'], to: null },
  hand_over: { from: ['awaiting_handover'], to: 'handed_over' },
  submit_invoice: { from: ['handed_over', 'invoice_rejected'], to: 'invoiced' },
  approve_invoice: { from: ['invoiced'], to: 'approved' },
  reject_invoice: { from: ['invoiced'], to: 'invoice_rejected' },
  pay: { from: ['approved'], to: 'paid' },
  cancel: { from: ['awaiting_handover'], to: 'canceled' },
};

/** Whether `step` may be taken from `status`. */
export const mayTakeOrderStep = (step: OrderStep, status: PurchaseOrderStatus) => ORDER_STEPS[step].from.includes(status);

/** The invoice status each order status after the invoice stands for. */
export const INVOICE_STATUS_OF: Partial<Record<PurchaseOrderStatus, InvoiceStatus>> = {
  invoiced: 'submitted',
  invoice_rejected: 'rejected',
  approved: 'approved',
  paid: 'paid',
};

/**
 * The dealer's work on orders as its lists filter them: to hand over, to invoice (handed over),
 * invoiced (waiting for the operator), invoice rejected (to correct), approved, paid, canceled.
 * A filter value is an order status; `open` is every order with work left for the dealer.
 */
export const ORDER_FILTERS = ['awaiting_handover', 'handed_over', 'invoiced', 'invoice_rejected', 'approved', 'paid', 'canceled', 'open'] as const;
export type OrderFilter = (typeof ORDER_FILTERS)[number];

/** The order statuses an order filter stands for. */
export function orderStatusesOf(filter: OrderFilter): PurchaseOrderStatus[] {
  return filter === 'open' ? ['awaiting_handover', 'handed_over', 'invoice_rejected'] : [filter];
}
