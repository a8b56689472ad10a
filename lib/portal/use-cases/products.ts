import 'server-only';
import { rememberedAccessories, rememberedBicycles } from '@/db/repositories/dealer-products';
import { loadCatalogue } from '@/lib/catalogue/catalogue';
import { getDb } from '@/lib/database';
import type { ProductMemory } from '@/lib/portal/product-memory';
import type { Tenant } from '@/lib/shared/model';

// The builder's memory of a dealer's products (docs/decisions.md, "The builder remembers the
// dealer's products"): the distinct products of the dealer's latest offers in one environment —
// only those whose code the checks take now (a bicycle or accessory code of the catalogue that is
// leasable): a code that was rejected is never suggested again.

const present = <T extends Record<string, unknown>>(row: T) =>
  Object.fromEntries(Object.entries(row).filter(([, v]) => v !== null && v !== undefined));

const money = (v: string | null) => (v === null ? undefined : Number(v));

export async function productMemory(tenant: Tenant): Promise<ProductMemory> {
  const db = getDb();
  const [all, allAccessories, catalogue] = await Promise.all([rememberedBicycles(db, tenant), rememberedAccessories(db, tenant), loadCatalogue()]);
  const bicycles = all.filter((b) => catalogue.isLeasable(b.bidexCode, 'bicycle'));
  const accessories = allAccessories.filter((a) => catalogue.isLeasable(a.bidexCode, 'accessory'));
  // Each remembered code's category and the groups above it (not the catalogue's roots), in both languages.
  const categoryWords = Object.fromEntries(
    [...new Set([...bicycles, ...accessories].map((p) => p.bidexCode))].map((code) => [
      code,
      catalogue
        .lineage(code)
        .filter((n) => n.parentCode !== null)
        .flatMap((n) => [n.nameDe, n.nameEn])
        .join(' '),
    ]),
  );
  return {
    categoryWords,
    bicycles: bicycles.map((b) => present({ ...b, priceGross: money(b.priceGross), listPriceGross: money(b.listPriceGross) }) as ProductMemory['bicycles'][number]),
    accessories: accessories.map((a) => present({ ...a, priceGross: money(a.priceGross), listPriceGross: money(a.listPriceGross) }) as ProductMemory['accessories'][number]),
  };
}
