'use client';

import { usePortal } from '../providers';
import { CategoryField, MoneyField, ProductSuggestField, Section, TextField } from './fields';
import type { RememberedProducts } from './use-remembered-products';

/** The bicycle: its category, the product data (brand and model suggest remembered bicycles), its prices. */
export function BicycleSection({ restricted, products }: { restricted: boolean; products: RememberedProducts }) {
  const { t } = usePortal();
  const { bicycleMatches, takeBicycle } = products;
  return (
    <Section title={t('sectionBicycle')}>
      <div className="grid gap-4 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <CategoryField name="product.bidexCode" label="bicycleCategory" kind="bicycles" />
          {restricted ? <p className="mt-1 text-xs font-medium text-warning-900">{t('employeeRestrictedShort')}</p> : null}
        </div>
        <ProductSuggestField name="product.brandName" label="brandName" found={bicycleMatches('brandName')} take={takeBicycle} options={{ required: true }} />
        <ProductSuggestField name="product.modelName" label="modelName" found={bicycleMatches('modelName')} take={takeBicycle} options={{ required: true }} />
        <TextField name="product.modelYear" label="modelYear" options={{ inputMode: 'text' }} />
        <TextField name="product.color" label="color" />
        <TextField name="product.size" label="size" />
        <TextField name="product.driveManufacturer" label="driveManufacturer" />
        <TextField name="product.batteryCapacity" label="batteryCapacity" />
        <div className="hidden sm:block" />
        <MoneyField name="product.priceGross" label="priceGross" required />
        <MoneyField name="product.listPriceGross" label="listPriceGross" />
      </div>
    </Section>
  );
}
