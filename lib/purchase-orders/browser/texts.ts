import type { ApiErrorEntry } from '@/lib/api-client/browser/call';
import { ApiRequestError } from '@/lib/api-client/browser/call';
import type { Words } from '@/lib/i18n/words';
import type { OrderTextKey } from '@/lib/purchase-orders/text-keys';

// The words of the order's faces (messages/<lang>/purchaseOrder.json: the portal's counter, the
// console's invoice check and payouts, the customer page after `done`), and how a refused order
// step is said in place: at the field the answer names, in the reader's language.

export type { OrderTextKey };
export type OrderTranslate = (key: OrderTextKey, params?: Record<string, string | number | Date>) => string;

/** The translator of the order texts from a face's words (its provider loads the namespace). */
export const orderTranslator = (words: Words): OrderTranslate => words.translator<OrderTextKey>('purchaseOrder');

type Entry = ApiErrorEntry & { attemptsLeft?: number; expectedAmountGross?: number; field?: string | null };

/**
 * A failed step's errors placed on the form: each entry naming one of `fields` at that field, the
 * rest as the form's own message. The codes a counter meets are said in the face's words (tries
 * left, the expected amount, a used number); any other in the answer's words.
 */
export function placeErrors<F extends string>(
  err: unknown,
  fields: readonly F[],
  words: Words,
  t: OrderTranslate,
  money: (value: number) => string,
): { fields: Partial<Record<F, string>>; form: string | null } {
  const out: { fields: Partial<Record<F, string>>; form: string | null } = { fields: {}, form: null };
  if (!(err instanceof ApiRequestError)) {
    out.form = t('e_failed');
    return out;
  }
  const forms: string[] = [];
  for (const e of err.errors as Entry[]) {
    const field = (e.field ?? e.details ?? '') as F;
    const text = ownText(e, t, money) ?? words.entryText(e);
    if (fields.includes(field) && !out.fields[field]) out.fields[field] = text;
    else forms.push(text);
  }
  out.form = forms.length ? forms.join(' ') : null;
  return out;
}

function ownText(e: Entry, t: OrderTranslate, money: (value: number) => string): string | null {
  switch (e.code) {
    case 'PICKUP_CODE_INVALID':
      return t('e_codeWrong', { attemptsLeft: e.attemptsLeft ?? 0 });
    case 'PICKUP_CODE_LOCKED':
      return t('e_codeLocked');
    case 'PICKUP_CODE_EXPIRED':
      return t('e_codeExpired');
    case 'ORDER_NOT_AWAITING_HANDOVER':
      return t('e_notAwaitingHandover');
    case 'ORDER_NOT_INVOICEABLE':
      return t('e_notInvoiceable');
    case 'INVOICE_AMOUNT_MISMATCH':
      return e.expectedAmountGross !== undefined ? t('e_amountMismatch', { expected: money(e.expectedAmountGross) }) : null;
    case 'CONFLICT':
      return e.details === 'invoiceNumber' ? t('e_invoiceNumberUsed') : null;
    default:
      return null;
  }
}
