import type dePurchaseOrder from '@/messages/de/purchaseOrder.json';

// The keys of the order faces' words (messages/<lang>/purchaseOrder.json); `loading` is common's
// (a face's translator falls back to the common namespace).

export type OrderTextKey = (keyof typeof dePurchaseOrder & string) | 'loading';
