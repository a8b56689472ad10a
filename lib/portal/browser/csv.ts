import type { Offer } from './api';

// The CSV export of the offer list: RFC 4180 quoting, a BOM so spreadsheet programs read UTF-8,
// and text cells that would start a formula defused with a leading apostrophe.

const HEADER = [
  'offerNumber',
  'externalOfferId',
  'customerName',
  'customerEmail',
  'brandName',
  'modelName',
  'totalPriceGross',
  'status',
  'createdAt',
  'statusChangedAt',
];

function cell(value: unknown): string {
  if (value === undefined || value === null) return '';
  let s = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n;]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export function offersCsv(offers: readonly Offer[]): string {
  const rows = offers.map((o) =>
    [
      o.offerNumber,
      o.externalOfferId,
      o.customerName,
      o.customerEmail,
      o.product?.brandName,
      o.product?.modelName,
      o.totalPriceGross,
      o.status.current.code,
      o.createdAt,
      o.statusChangedAt,
    ]
      .map(cell)
      .join(','),
  );
  return `\uFEFF${[HEADER.join(','), ...rows].join('\r\n')}\r\n`;
}
