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
  const money = (value: number | undefined) => <td className="py-2 pr-3 text-right tabular-nums">{formatMoney(value, lang)}</td>;
  const extra = (label: string, value: number | undefined) =>
    value !== undefined ? (
      <tr>
        <td className="py-2 pr-3" colSpan={2}>
          {label}
        </td>
        {money(value)}
        <td />
      </tr>
    ) : null;
  return (
    <TableScroll className="mt-4">
      <table className="min-w-full text-left text-sm">
        <caption className="sr-only">{text.caption}</caption>
        <thead className="border-b border-line text-xs uppercase tracking-wide text-ink-muted">
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
        <tbody className="divide-y divide-line">
          <tr>
            <td className="py-2 pr-3">
              <span className="block text-xs text-ink-muted">{text.bicycle}</span>
              {category(p.bidexCode, 'bicycle')}
            </td>
            <td className="py-2 pr-3">{name([p.brandName, p.modelName, withModelYear ? p.modelYear : undefined])}</td>
            {money(p.priceGross)}
            <td className="py-2 text-right tabular-nums">{formatMoney(p.listPriceGross, lang)}</td>
          </tr>
          {offer.accessory.map((a, i) => (
            <tr key={i}>
              <td className="py-2 pr-3">
                <span className="block text-xs text-ink-muted">{text.accessoryN(i + 1)}</span>
                {category(a.bidexCode, 'accessory')}
              </td>
              <td className="py-2 pr-3">{name([a.brandName, a.modelName])}</td>
              {money(a.priceGross)}
              <td className="py-2 text-right tabular-nums">{formatMoney(a.listPriceGross, lang)}</td>
            </tr>
          ))}
          {extra(text.shipping, offer.shippingCostGross)}
          {extra(text.installation, offer.installationCostGross)}
        </tbody>
        <tfoot>
          <tr className="border-t-2 border-line font-bold">
            <th scope="row" colSpan={2} className="py-2 pr-3 text-left">
              {text.total}
            </th>
            <td className="py-2 pr-3 text-right tabular-nums" data-testid="offer-total">
              {formatMoney(offer.totalPriceGross, lang)}
            </td>
            <td />
          </tr>
        </tfoot>
      </table>
    </TableScroll>
  );
}
