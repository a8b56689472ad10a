import 'server-only';
import { sql, type SQL } from 'drizzle-orm';
import { rowsOf, type Executor } from '../client';
import { offerAccessories, offers } from '../schema';
import type { Tenant } from '@/lib/shared/model';

// The products a dealer has offered: derived from the dealer's own offers in one environment (no
// table of its own, so whatever the dealer offered — by the portal or the API — is remembered from
// the moment it is submitted). One entry per distinct product, most recently offered first, with
// the prices of its latest offer.

/** How many of the dealer's latest offers the memory looks back over (an index range of offers_created_idx). */
export const MEMORY_OFFERS = 1000;
/** At most this many products of each kind. */
export const MEMORY_PRODUCTS = 200;

export type RememberedBicycle = {
  bidexCode: string;
  brandName: string;
  modelName: string;
  modelYear: string | null;
  color: string | null;
  size: string | null;
  driveManufacturer: string | null;
  batteryCapacity: string | null;
  priceGross: string | null;
  listPriceGross: string | null;
};

export type RememberedAccessory = {
  bidexCode: string;
  brandName: string | null;
  modelName: string | null;
  priceGross: string | null;
  listPriceGross: string | null;
};

/** The tenant's latest offers: their id, creation time and `columns`. */
const recentOffers = (tenant: Tenant, columns?: SQL) => sql`
  select id, created_at${columns ? sql`, ${columns}` : sql``} from ${offers}
  where dealer_id = ${tenant.dealerId} and environment = ${tenant.environment}
  order by created_at desc, id desc
  limit ${MEMORY_OFFERS}`;

const PRODUCT_COLUMNS = sql.raw(
  'product_bidex_code, product_brand_name, product_model_name, product_model_year, product_color, product_size, ' +
    'product_drive_manufacturer, product_battery_capacity, product_price_gross, product_list_price_gross',
);

/** The tenant's bicycles (a brand and a model at least), one per distinct description. */
export async function rememberedBicycles(db: Executor, tenant: Tenant): Promise<RememberedBicycle[]> {
  const result = await db.execute(sql`
    select "bidexCode", "brandName", "modelName", "modelYear", color, size, "driveManufacturer", "batteryCapacity", "priceGross", "listPriceGross"
    from (
      select distinct on (o.product_bidex_code, o.product_brand_name, o.product_model_name, o.product_model_year,
                          o.product_color, o.product_size, o.product_drive_manufacturer, o.product_battery_capacity)
        o.product_bidex_code as "bidexCode", o.product_brand_name as "brandName", o.product_model_name as "modelName",
        o.product_model_year as "modelYear", o.product_color as color, o.product_size as size,
        o.product_drive_manufacturer as "driveManufacturer", o.product_battery_capacity as "batteryCapacity",
        o.product_price_gross::text as "priceGross", o.product_list_price_gross::text as "listPriceGross",
        o.created_at, o.id
      from (${recentOffers(tenant, PRODUCT_COLUMNS)}) o
      where o.product_brand_name is not null and o.product_model_name is not null
      order by o.product_bidex_code, o.product_brand_name, o.product_model_name, o.product_model_year,
               o.product_color, o.product_size, o.product_drive_manufacturer, o.product_battery_capacity,
               o.created_at desc, o.id desc
    ) p
    order by created_at desc, id desc
    limit ${MEMORY_PRODUCTS}`);
  return rowsOf<RememberedBicycle>(result);
}

/** The tenant's accessories (a brand or a model at least), one per category, brand and model. */
export async function rememberedAccessories(db: Executor, tenant: Tenant): Promise<RememberedAccessory[]> {
  const result = await db.execute(sql`
    select "bidexCode", "brandName", "modelName", "priceGross", "listPriceGross"
    from (
      select distinct on (a.bidex_code, a.brand_name, a.model_name)
        a.bidex_code as "bidexCode", a.brand_name as "brandName", a.model_name as "modelName",
        a.price_gross::text as "priceGross", a.list_price_gross::text as "listPriceGross",
        o.created_at, o.id, a.position
      from (${recentOffers(tenant)}) o
      join ${offerAccessories} a on a.offer_id = o.id
      where a.brand_name is not null or a.model_name is not null
      order by a.bidex_code, a.brand_name, a.model_name, o.created_at desc, o.id desc, a.position
    ) p
    order by created_at desc, id desc, position
    limit ${MEMORY_PRODUCTS}`);
  return rowsOf<RememberedAccessory>(result);
}
