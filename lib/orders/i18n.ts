import 'server-only';
import { namespaceTranslator } from '@/lib/i18n/catalogue';
import type { Lang } from '@/lib/i18n/messages';
import type deCommon from '@/messages/de/common.json';
import type deOrder from '@/messages/de/order.json';

// The customer's pages' words (messages/<locale>/order.json, then common.json). The pages render
// on the server and hand their client parts the few texts they need.

type StringKeys<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T] & string;
export type OrderTextKey = StringKeys<typeof deOrder> | StringKeys<typeof deCommon>;

export function orderTranslator(lang: Lang) {
  return namespaceTranslator<OrderTextKey>(lang, 'order');
}
export type OrderTranslate = ReturnType<typeof orderTranslator>;
