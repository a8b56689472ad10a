// How a history entry's changed value reads to a person, in the portal and in the console alike.
// Pure and free of server code: both a server page and a browser component call it.

export type ChangeWords = {
  none: string;
  yes: string;
  no: string;
  cancelReason: (code: string) => string;
  money: (value: number) => string;
  /** Dates as the reader's locale writes them; without it the ISO text is shown. */
  date?: (iso: string) => string;
};

export function changeValue(field: string, value: unknown, words: ChangeWords): string {
  if (value === undefined || value === null || value === '') return words.none;
  if (typeof value === 'boolean') return value ? words.yes : words.no;
  if (field === 'cancelReason' && typeof value === 'string') return words.cancelReason(value);
  if (/(priceGross|CostGross)$/.test(field) && typeof value === 'number') return words.money(value);
  if (field === 'deliveryDate' && typeof value === 'string' && words.date) return words.date(value);
  if (Array.isArray(value)) {
    return (
      value
        .map((v) => (v && typeof v === 'object' ? [(v as { bidexCode?: string }).bidexCode, (v as { brandName?: string }).brandName].filter(Boolean).join(' ') : String(v)))
        .join(', ') || words.none
    );
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}
