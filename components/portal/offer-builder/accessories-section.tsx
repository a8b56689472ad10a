'use client';

import { flushSync } from 'react-dom';
import type { UseFieldArrayReturn } from 'react-hook-form';
import { emptyAccessory, type OfferFormValues } from '@/lib/portal/browser/offer-form';
import { Button } from '@/components/ui/button';
import { SuggestField } from '@/components/ui/suggest-field';
import { usePortal } from '../providers';
import { CategoryField, MoneyField, ProductSuggestField, Section } from './fields';
import { fieldId } from './form-rules';
import type { RememberedProducts } from './use-remembered-products';

type Accessories = UseFieldArrayReturn<OfferFormValues, 'accessory'>;

/** The accessories: one row each (added empty or as a remembered accessory), removable. */
export function AccessoriesSection({ accessories, restricted, products }: { accessories: Accessories; restricted: boolean; products: RememberedProducts }) {
  const { t } = usePortal();
  return (
    <Section
      title={t('sectionAccessories')}
      aside={
        <Button
          variant="secondary"
          onClick={() => {
            // The new row is in the page before this click's handler ends, and its category has the
            // focus: keys typed right after the click land in it.
            const name = `accessory.${accessories.fields.length}.bidexCode`;
            flushSync(() => accessories.append(emptyAccessory(), { shouldFocus: false }));
            document.getElementById(fieldId(name))?.focus();
          }}
        >
          + {t('addAccessory')}
        </Button>
      }
    >
      {products.hasAccessories && accessories.fields.length < 50 ? <RememberedAccessorySearch accessories={accessories} products={products} /> : null}
      {accessories.fields.length === 0 ? <p className="text-sm text-ink-muted">{t('noAccessories')}</p> : null}
      {restricted && accessories.fields.length > 0 ? <p className="mb-3 text-xs font-medium text-warning-900">{t('employeeRestrictedShort')}</p> : null}
      <ol className="space-y-4">
        {accessories.fields.map((row, i) => (
          <li key={row.id}>
            <AccessoryRow index={i} products={products} onRemove={() => accessories.remove(i)} />
          </li>
        ))}
      </ol>
    </Section>
  );
}

/** A remembered accessory added as a new row in one pick (the field stays for the next one). */
function RememberedAccessorySearch({ accessories, products }: { accessories: Accessories; products: RememberedProducts }) {
  const { t } = usePortal();
  const { accessorySearch, setAccessorySearch, accessoryFound, accessoryValues, describe } = products;
  const id = fieldId('accessorySearch');
  return (
    <div className="mb-4">
      <label id={`${id}-label`} htmlFor={id} className="block text-sm font-medium text-ink">
        {t('addRememberedAccessory')}
      </label>
      <SuggestField
        id={id}
        labelledBy={`${id}-label`}
        className="mt-1"
        placeholder={t('addRememberedAccessoryPlaceholder')}
        value={accessorySearch}
        onChange={(e) => setAccessorySearch(e.target.value)}
        suggestions={accessoryFound.map(describe)}
        onPick={(i) => {
          accessories.append(accessoryValues(accessoryFound[i]!), { shouldFocus: false });
          setAccessorySearch('');
        }}
        listLabel={t('suggestionsLabel')}
        statusText={t('suggestionsCount', { count: accessoryFound.length })}
      />
      {/* Nothing found: say what was searched, so the dealer knows to add the accessory below. */}
      {accessorySearch.trim() && accessoryFound.length === 0 ? (
        <p role="status" className="mt-1 text-sm text-ink-muted" data-testid="accessory-search-none">
          {t('rememberedAccessoryNone', { typed: accessorySearch.trim() })}
        </p>
      ) : null}
    </div>
  );
}

function AccessoryRow({ index: i, products, onRemove }: { index: number; products: RememberedProducts; onRemove: () => void }) {
  const { t } = usePortal();
  const { accessoryMatches, takeAccessory } = products;
  const suffix = ` (${t('accessoryN', { n: i + 1 })})`;
  return (
    <fieldset className="rounded-control border border-line p-3">
      <legend className="px-1 text-sm font-semibold text-ink">{t('accessoryN', { n: i + 1 })}</legend>
      <div className="grid gap-3 sm:grid-cols-2">
        <div className="sm:col-span-2">
          <CategoryField name={`accessory.${i}.bidexCode`} label="accessoryCategory" kind="accessories" suffix={suffix} />
        </div>
        <ProductSuggestField name={`accessory.${i}.brandName`} label="brandName" found={accessoryMatches(i, 'brandName')} take={(a) => takeAccessory(i, a)} options={{ suffix }} />
        <ProductSuggestField name={`accessory.${i}.modelName`} label="modelName" found={accessoryMatches(i, 'modelName')} take={(a) => takeAccessory(i, a)} options={{ suffix }} />
        <MoneyField name={`accessory.${i}.priceGross`} label="priceGross" suffix={suffix} />
        <MoneyField name={`accessory.${i}.listPriceGross`} label="listPriceGross" suffix={suffix} />
      </div>
      <button type="button" onClick={onRemove} className="mt-3 text-sm font-medium text-danger-700 underline underline-offset-2">
        {t('removeAccessory', { n: i + 1 })}
      </button>
    </fieldset>
  );
}
