import 'server-only';

// How long the sender waits for a receiver's answer, and how long it retries a delivery
// (docs/webhooks.md, "Delivery"); the API reference states both.

export const DELIVERY_TIMEOUT_MS = 5_000;
export const RETRY_WINDOW_MS = 24 * 60 * 60 * 1000;
