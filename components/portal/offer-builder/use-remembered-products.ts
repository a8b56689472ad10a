import { useState } from 'react';
import { get, type UseFormReturn } from 'react-hook-form';
import { formatMoney } from '@/lib/i18n/words';
import { formatAmount } from '@/lib/i18n/amount';
import type { OfferFormValues } from '@/lib/portal/browser/offer-form';
import { matchProducts, type RememberedAccessory, type RememberedBicycle } from '@/lib/portal/product-memory';
import type { Suggestion } from '@/components/ui/suggest-field';
import { usePortal } from '../providers';
import type { Body, Name } from './form-rules';
import type { Catalogue } from './use-catalogue';

/**
 * The dealer's remembered products as suggestions: matched against what is typed in a brand or
 * model field, and picked into the form (the bicycle's fields, an accessory row's, or a new row).
 */
export function useRememberedProducts(form: UseFormReturn<OfferFormValues, unknown, Body>, watched: OfferFormValues, catalogue: Catalogue) {
  const { lang } = usePortal();
  const { memory, categoryNames } = catalogue;
  const { setValue, formState } = form;

  /** Fills several fields in one step (a picked suggestion); a field's stale error is checked again at once. */
  function fill(values: Record<string, string>) {
    for (const [name, value] of Object.entries(values)) setValue(name as Name, value, { shouldDirty: true });
    const stale = Object.keys(values).filter((name) => get(formState.errors, name));
    if (stale.length > 0) void form.trigger(stale as Name[]);
  }
  const amountText = (value: number | undefined) => (value === undefined ? '' : formatAmount(value, lang));
  const describe = (p: RememberedBicycle | RememberedAccessory): Suggestion => ({
    label: [p.brandName, p.modelName].filter(Boolean).join(' '),
    detail: [
      categoryNames.get(p.bidexCode) ?? p.bidexCode,
      ...('modelYear' in p ? [p.modelYear, p.color, p.size, p.driveManufacturer, p.batteryCapacity] : []),
      p.priceGross === undefined ? undefined : formatMoney(p.priceGross, lang),
    ]
      .filter(Boolean)
      .join(' · '),
  });

  // The brand field finds products by what is typed in it; the model field by brand and model together.
  const bicycleMatches = (name: 'brandName' | 'modelName') => {
    const { brandName = '', modelName = '' } = watched.product ?? {};
    return matchProducts(memory?.bicycles ?? [], name === 'brandName' ? brandName : `${brandName} ${modelName}`);
  };
  const accessoryMatches = (i: number, name: 'brandName' | 'modelName') => {
    const { brandName = '', modelName = '' } = watched.accessory?.[i] ?? {};
    return matchProducts(memory?.accessories ?? [], name === 'brandName' ? brandName : `${brandName} ${modelName}`);
  };
  const takeBicycle = (b: RememberedBicycle) =>
    fill({
      'product.bidexCode': b.bidexCode,
      'product.brandName': b.brandName,
      'product.modelName': b.modelName,
      'product.modelYear': b.modelYear ?? '',
      'product.color': b.color ?? '',
      'product.size': b.size ?? '',
      'product.driveManufacturer': b.driveManufacturer ?? '',
      'product.batteryCapacity': b.batteryCapacity ?? '',
      'product.priceGross': amountText(b.priceGross),
      'product.listPriceGross': amountText(b.listPriceGross),
    });
  const accessoryValues = (a: RememberedAccessory) => ({
    bidexCode: a.bidexCode,
    brandName: a.brandName ?? '',
    modelName: a.modelName ?? '',
    priceGross: amountText(a.priceGross),
    listPriceGross: amountText(a.listPriceGross),
  });
  const takeAccessory = (i: number, a: RememberedAccessory) =>
    fill(Object.fromEntries(Object.entries(accessoryValues(a)).map(([k, v]) => [`accessory.${i}.${k}`, v])));

  // A remembered accessory added as a new row in one pick (the field stays for the next one).
  const [accessorySearch, setAccessorySearch] = useState('');
  const accessoryFound = matchProducts(memory?.accessories ?? [], accessorySearch, 6, 1, memory?.categoryWords);

  return {
    hasAccessories: !!memory && memory.accessories.length > 0,
    describe,
    bicycleMatches,
    accessoryMatches,
    takeBicycle,
    takeAccessory,
    accessoryValues,
    accessorySearch,
    setAccessorySearch,
    accessoryFound,
  };
}

export type RememberedProducts = ReturnType<typeof useRememberedProducts>;
