import type { ReactNode } from 'react';
import type { Lang } from '@/lib/i18n/messages';
import { formatMoney } from '@/lib/i18n/words';
import { TableScroll } from '@/components/ui/table-scroll';

// An offer's positions — the bicycle, each accessory, shipping, installation — with their prices
// and the total: one table for the dealer portal's offer page and the operator console's review.

type Item = { bidexCode: string; brandName?: string; modelName?: string; priceGross?: number; listPriceGross?: number };
type Offer = {
  product: Item & { modelYear?: string };
  accessory: Item[];
  shippingCostGross?: number;
  installationCostGross?: number;
  totalPriceGross: number;
};

export type OfferItemsText = {
  caption: string;
  category: string;
  product: string;
  price: string;
  listPrice: string;
  bicycle: string;
  accessoryN: (n: number) => string;
  shipping: string;
  installation: string;
  total: string;
  none: string;
};

export function OfferItemsTable({
  offer,
  lang,
  text,
  category,
  withModelYear = false,
}: {
  offer: Offer;
  lang: Lang;
  text: OfferItemsText;
  /** The category cell of a position (its name, the code). */
  category: (bidexCode: string, kind: 'bicycle' | 'accessory') => ReactNode;
  withModelYear?: boolean;
}) {
  const p = offer.product;
  const name = (parts: (string | undefined)[]) => parts.filter(Boolean).join(' ') || text.none;
  // On a phone each position is a card: its category and product on lines of their own, then its
  // price and list price side by side, each with its heading (from `data-label`); wider, a table.
  const row = 'max-sm:grid max-sm:grid-cols-2 max-sm:gap-x-3 max-sm:py-2';
  const amount =
    'py-2 pr-3 text-right tabular-nums max-sm:py-0 max-sm:text-left max-sm:before:block max-sm:before:text-xs max-sm:before:text-ink-muted max-sm:before:content-[attr(data-label)]';
  const wide = 'py-2 pr-3 max-sm:col-span-2 max-sm:py-0';
  const extra = (label: string, value: number | undefined) =>
    value !== undefined ? (
      <tr className={row}>
        <td className="py-2 pr-3 max-sm:py-0" colSpan={2}>
          {label}
        </td>
        <td className="py-2 pr-3 text-right tabular-nums max-sm:py-0">{formatMoney(value, lang)}</td>
        <td className="max-sm:hidden" />
      </tr>
    ) : null;
  return (
    <TableScroll className="mt-4">
      <table className="min-w-full text-left text-sm max-sm:block">
        <caption className="sr-only">{text.caption}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-ink-muted max-sm:sr-only">
          <tr>
            <th scope="col" className="py-2 pr-3">
              {text.category}
            </th>
            <th scope="col" className="py-2 pr-3">
              {text.product}
            </th>
            <th scope="col" className="py-2 pr-3 text-right">
              {text.price}
            </th>
            <th scope="col" className="py-2 text-right">
              {text.listPrice}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line max-sm:block">
          <tr className={row}>
            <td className={wide}>
              <span className="block text-xs text-ink-muted">{text.bicycle}</span>
              {category(p.bidexCode, 'bicycle')}
            </td>
            <td className={`${wide} font-medium sm:font-normal`}>{name([p.brandName, p.modelName, withModelYear ? p.modelYear : undefined])}</td>
            <td className={amount} data-label={text.price}>
              {formatMoney(p.priceGross, lang)}
            </td>
            <td className={`${amount} sm:pr-0`} data-label={text.listPrice}>
              {formatMoney(p.listPriceGross, lang)}
            </td>
          </tr>
          {offer.accessory.map((a, i) => (
            <tr key={i} className={row}>
              <td className={wide}>
                <span className="block text-xs text-ink-muted">{text.accessoryN(i + 1)}</span>
                {category(a.bidexCode, 'accessory')}
              </td>
              <td className={`${wide} font-medium sm:font-normal`}>{name([a.brandName, a.modelName])}</td>
              <td className={amount} data-label={text.price}>
                {formatMoney(a.priceGross, lang)}
              </td>
              <td className={`${amount} sm:pr-0`} data-label={text.listPrice}>
                {formatMoney(a.listPriceGross, lang)}
              </td>
            </tr>
          ))}
          {extra(text.shipping, offer.shippingCostGross)}
          {extra(text.installation, offer.installationCostGross)}
        </tbody>
        <tfoot className="max-sm:block">
          <tr className={`border-t-2 border-line font-bold ${row}`}>
            <th scope="row" colSpan={2} className="py-2 pr-3 text-left max-sm:py-0">
              {text.total}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums max-sm:py-0" data-testid="offer-total">
              {formatMoney(offer.totalPriceGross, lang)}
            </td>
            <td className="max-sm:hidden" />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
