import { OFFER_STATUSES, type OfferStatus } from '@/lib/shared/model';

// The dealer user's notifications, for both sides: which statuses may be followed (the account
// page's form, the endpoint's validation in ./notification-schemas.ts) and the list's page sizes.

/** Always notified, whatever the user chose: a rejection needs the dealer's action. */
export const ALWAYS_NOTIFIED_STATUSES = ['rejected'] as const satisfies readonly OfferStatus[];

/** The order's payout: followed like a status (`paid` in the user's choice), told as `order_paid`. */
export const ORDER_PAID = 'paid' as const;

/**
 * The statuses a user may choose to follow besides rejections, and the order's payout. Not
 * `pending`: an offer is pending only after the dealer's own create or edit, which needs no message.
 */
export type NotifiableStatus = Exclude<OfferStatus, 'pending' | 'rejected'> | typeof ORDER_PAID;
export const NOTIFIABLE_STATUSES: NotifiableStatus[] = [
  ...OFFER_STATUSES.filter((s): s is Exclude<OfferStatus, 'pending' | 'rejected'> => s !== 'pending' && s !== 'rejected'),
  ORDER_PAID,
];

export const MAIL_LANGS = ['de', 'en'] as const;

export type NotificationSettings = { statuses: NotifiableStatus[]; lang: (typeof MAIL_LANGS)[number]; always: readonly OfferStatus[] };

/** Page sizes of the in-app list. */
export const NOTIFICATIONS_PAGE_SIZE = 20;
export const NOTIFICATIONS_PAGE_MAX = 100;
