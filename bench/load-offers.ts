import { spawnSync } from 'node:child_process';
import postgres from 'postgres';
import { DEMO } from '@/db/seed';
import { FIRST_NAMES, LAST_NAMES, MAIL_DOMAINS, BIKES, COLORS, SIZES, YEARS, ACCESSORIES, STATUS_MIX, REJECTIONS, CANCEL_REASONS, CITIES } from './load-offers-data';

// The bench data set, set-based: every statement is one INSERT … SELECT over generate_series,
// so PostgreSQL builds the rows itself and nothing travels per offer. Values are derived from
// hashint8extended(g, salt), which is stable across runs and PostgreSQL versions (it backs hash
// partitioning), so every load of the same size produces the same data (ids, names, prices);
// only the dates are relative to now(). The secondary indexes of the three tables are dropped
// before the inserts and rebuilt after them (a bulk build is several times faster than
// maintaining 13 indexes, a GIN trigram index among them, row by row), then everything is ANALYZEd.
//
//   npx tsx bench/load-offers.ts                 # DATABASE_URL, 1,000,000 offers
// Run alone, it first migrates the database and loads the demo data (npm run db:migrate, db:seed;
// both leave what exists as it is), so an empty database is enough.
//   npx tsx bench/load-offers.ts --offers 100000

export type LoadOptions = {
  /** All offers, over every dealer. */
  offers: number;
  /** Dealers in all, dealer A and B of the demo data included (the others are created). */
  dealers: number;
  /** Dealer A's share (sandbox, the demo client's tenant); the rest is spread over the others. */
  dealerAOffers: number;
};

export const FULL_DATA_SET: LoadOptions = { offers: 1_000_000, dealers: 100, dealerAOffers: 100_000 };

/** The marker a loaded data set leaves behind, so a rerun of the bench can reuse it. */
export const DATA_SET_VERSION = 1;

export type Step = { label: string; sql: string };

const q = (s: string) => `'${s.replace(/'/g, "''")}'`;
const textArray = (values: readonly string[]) => `(ARRAY[${values.map(q).join(',')}]::text[])`;
const numArray = (values: readonly number[]) => `(ARRAY[${values.join(',')}]::numeric[])`;
/** The element of a constant array picked by a hash (1-based, as PostgreSQL counts). */
const pick = (array: string, length: number, hash: string) => `${array}[1 + ${hash} % ${length}]`;

const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
export const benchDealerIdSql = (n: string) => uuidOf(`'spoke-bench-dealer-' || (${n})`);

function statusCase(bucket: string): string {
  let upper = 0;
  const arms = STATUS_MIX.map(([status, share]) => {
    upper += share;
    return `when ${bucket} < ${upper} then '${status}'`;
  });
  return `(case ${arms.join(' ')} end)::offer_status`;
}

/** The SQL steps that load the data set into a migrated, seeded database (demo dealers present). */
export function loadSteps(o: LoadOptions): Step[] {
  const others = o.dealers - 2; // generated dealers; dealer B takes the rest's every (others+1)-th offer
  const h = (salt: number) => `abs(hashint8extended(g, ${salt}))`;
  const dealerA = q(DEMO.dealerA.id);
  const dealerB = q(DEMO.dealerB.id);
  const bikes = (i: number) => textArray(BIKES.map((b) => String(b[i])));
  const nb = BIKES.length;
  const na = ACCESSORIES.length;
  const accPrices = numArray(ACCESSORIES.map((a) => a[3]));
  const accHash = (p: number) => `abs(hashint8extended(g * 8 + ${p}, 7))`;
  const accPrice = (p: number) => `(case when nacc > ${p} then ${pick(accPrices, na, accHash(p))} else 0 end)`;
  const twoYears = 730 * 86_400;

  return [
    {
      label: 'dealers',
      sql: `insert into dealers (id, name, created_at, production_enabled_at)
        select ${benchDealerIdSql('n')}, 'Zweirad ' || ${pick(textArray(CITIES), CITIES.length, 'n')} || ' ' || n,
          now() - interval '3 years', now() - interval '2 years'
        from generate_series(3, ${o.dealers}) n
        on conflict (id) do nothing`,
    },
    {
      label: 'drop secondary indexes',
      sql: `create table if not exists bench_saved_indexes (indexname text primary key, indexdef text not null);
        insert into bench_saved_indexes
          select indexname, indexdef from pg_indexes
          where schemaname = current_schema() and tablename in ('offers', 'offer_search', 'offer_accessories', 'offer_history')
            and indexname not in (select conname from pg_constraint)
        on conflict do nothing;
        do $$ declare r record; begin
          for r in select indexname from bench_saved_indexes loop execute format('drop index if exists %I', r.indexname); end loop;
        end $$;`,
    },
    {
      label: `offers (${o.offers.toLocaleString('en')})`,
      // session_replication_role = replica skips the foreign-key triggers: the rows reference the
      // dealers created above by construction, and a million FK look-ups would double the time.
      sql: `set session_replication_role = replica;
        insert into offers (id, dealer_id, environment, external_offer_id, customer_name, customer_email,
          product_bidex_code, product_brand_name, product_model_name, product_model_year, product_color, product_size,
          product_drive_manufacturer, product_battery_capacity, product_price_gross, product_list_price_gross,
          with_shipping, shipping_cost_gross, installation_cost_gross, delivery_date, notes, total_price_gross,
          status, status_errors, status_infos, cancel_reason, contact_from_employee_requested, change_seq,
          process_after, processing_attempts, created_at, updated_at, status_changed_at)
        select id, dealer_id, environment, external_offer_id, first_name || ' ' || last_name,
          translate(lower(first_name || '.' || replace(last_name, ' ', '')), 'äöüßéçıłşíóáë', 'aousecilsioae') || (h9 % 100) || '@' || ${pick(textArray(MAIL_DOMAINS), MAIL_DOMAINS.length, 'h9')},
          ${pick(bikes(4), nb, 'bike')}, ${pick(bikes(0), nb, 'bike')}, ${pick(bikes(1), nb, 'bike')},
          ${pick(textArray(YEARS), YEARS.length, 'h4')}, ${pick(textArray(COLORS), COLORS.length, 'h5')}, ${pick(textArray(SIZES), SIZES.length, 'h6')},
          nullif(${pick(bikes(2), nb, 'bike')}, ''), nullif(${pick(bikes(3), nb, 'bike')}, ''),
          price, list_price, shipping > 0, nullif(shipping, 0), nullif(installation, 0),
          case when h7 % 3 = 0 then date_trunc('day', created_at) + interval '14 days' end,
          case when h7 % 10 = 1 then 'Bitte vor Auslieferung Probefahrt vereinbaren.' when h7 % 10 = 2 then 'Rahmenhöhe nach Vermessung im Laden.' end,
          price + shipping + installation + ${[0, 1, 2, 3].map(accPrice).join(' + ')},
          status,
          case when status = 'rejected' then ${pick(`(ARRAY[${REJECTIONS.map(q).join(',')}]::jsonb[])`, REJECTIONS.length, 'h8')} else '[]'::jsonb end,
          case when h8 % 10 = 0 then '[{"code":"TEXT_NORMALIZED","field":"customerName"}]'::jsonb else '[]'::jsonb end,
          case when status = 'canceled' then ${pick(textArray(CANCEL_REASONS), CANCEL_REASONS.length, 'h8')} end,
          case when status = 'canceled' then h8 % 4 = 0 end,
          1 + (h7 % 7 = 0)::int, null, 1, created_at, status_changed_at, status_changed_at
        from (
          select *, case when status = 'draft' then created_at + make_interval(secs => 2 + h10 % 600)
                         else created_at + (now() - created_at) * ((h10 % 1000) / 1000.0) end as status_changed_at,
            round(list_price * (0.86 + (h3 % 15) / 100.0)) - 0.01 as price
          from (
            select g, ${uuidOf(`'spoke-bench-offer-' || g`)} as id,
              case when g <= ${o.dealerAOffers} then ${dealerA}::uuid
                   when g % ${others + 1} = 0 then ${dealerB}::uuid
                   else ${benchDealerIdSql(`3 + (g % ${others + 1}) - 1`)} end as dealer_id,
              (case when g <= ${o.dealerAOffers} or ${h(1)} % 100 < 15 then 'sandbox' else 'production' end)::environment as environment,
              'ERP-' || to_char(g, 'FM0000000') as external_offer_id,
              ${pick(textArray(FIRST_NAMES), FIRST_NAMES.length, h(2))} as first_name,
              ${pick(textArray(LAST_NAMES), LAST_NAMES.length, h(11))} as last_name,
              ${h(3)} as h3, ${h(4)} as h4, ${h(5)} as h5, ${h(6)} as h6, ${h(7)} as h7,
              ${h(8)} as h8, ${h(9)} as h9, ${h(10)} as h10,
              ${pick(numArray(BIKES.map((b) => b[5])), nb, h(12))} as list_price,
              ${h(12)} as bike,
              ${statusCase(`${h(13)} % 100`)} as status,
              now() - make_interval(secs => ${h(14)} % ${twoYears}) as created_at,
              ${h(15)} % 5 as nacc,
              (case when ${h(16)} % 4 = 0 then 29.90 else 0 end)::numeric as shipping,
              (case when ${h(16)} % 5 = 0 then 49.00 else 0 end)::numeric as installation
            from generate_series(1, ${o.offers}) g
          ) a
        ) b;
        set session_replication_role = default;`,
    },
    {
      // The lists' narrow rows (migration 0012), which the triggers on offers would have written
      // had they not been skipped with the foreign-key triggers above.
      label: 'offer_search',
      sql: `set session_replication_role = replica;
        insert into offer_search (dealer_id, environment, offer_id, status, created_at, status_changed_at, external_offer_id,
          customer_email, customer_name, total_price_gross, offer_number, product_brand, product_model, search_key)
        select dealer_id, environment, id, status, created_at, status_changed_at, external_offer_id,
          lower(customer_email), spoke_fold(customer_name), total_price_gross, offer_number,
          spoke_fold(coalesce(product_brand_name, '')), spoke_fold(coalesce(product_model_name, '')),
          spoke_search_key(customer_name, offer_number, product_brand_name, product_model_name)
        from offers where id in (select ${uuidOf(`'spoke-bench-offer-' || g`)} from generate_series(1, ${o.offers}) g);
        set session_replication_role = default;`,
    },
    {
      // Each tenant's list version and number of offers (migration 0018), which the triggers on
      // offers would have kept: a new version for every tenant the load added to.
      label: 'offer_list_versions',
      sql: `insert into offer_list_versions as v (dealer_id, environment, offers)
        select dealer_id, environment, count(*) from offers group by 1, 2
        on conflict (dealer_id, environment) do update set version = v.version + 1, offers = excluded.offers;`,
    },
    {
      label: 'offer_accessories',
      sql: `set session_replication_role = replica;
        insert into offer_accessories (offer_id, position, bidex_code, brand_name, model_name, price_gross, list_price_gross)
        select ${uuidOf(`'spoke-bench-offer-' || g`)}, p,
          ${pick(textArray(ACCESSORIES.map((a) => a[0])), na, 'hp')}, ${pick(textArray(ACCESSORIES.map((a) => a[1])), na, 'hp')},
          ${pick(textArray(ACCESSORIES.map((a) => a[2])), na, 'hp')}, ${pick(accPrices, na, 'hp')}, ${pick(accPrices, na, 'hp')}
        from generate_series(1, ${o.offers}) g
        cross join lateral generate_series(0, ${h(15)} % 5 - 1) p
        cross join lateral (select abs(hashint8extended(g * 8 + p, 7)) as hp) x;
        set session_replication_role = default;`,
    },
    {
      label: 'offer_history (created)',
      sql: `set session_replication_role = replica;
        insert into offer_history (offer_id, occurred_at, actor_type, actor_id, actor_name, action, from_status, to_status, changes, change_seq)
        select id, created_at, 'client', case when dealer_id = ${dealerA}::uuid then 'demo-sandbox' else 'erp-' || left(dealer_id::text, 8) end,
          null, 'created', null, 'pending', '[]'::jsonb, 1
        from offers where id in (select ${uuidOf(`'spoke-bench-offer-' || g`)} from generate_series(1, ${o.offers}) g);
        set session_replication_role = default;`,
    },
    {
      // What processing and the lifecycle would have recorded, so an offer's history and a dealer's
      // evaluation in the console agree with its status: the processing result of every offer that
      // left pending (with a rejection's codes), and the step that brought it to its status now.
      label: 'offer_history (processed, last step)',
      sql: `set session_replication_role = replica;
        insert into offer_history (offer_id, occurred_at, actor_type, actor_id, actor_name, action, from_status, to_status, changes, change_seq)
        select id, least(created_at + interval '2 seconds', status_changed_at), 'system', 'processor', 'Spoke processor', 'processed', 'pending',
          (case when status = 'rejected' then 'rejected' else 'draft' end)::offer_status,
          case when status = 'rejected' then jsonb_build_array(jsonb_build_object('field', 'status.errors',
            'new', (select coalesce(jsonb_agg(e->'code'), '[]'::jsonb) from jsonb_array_elements(status_errors) e))) else '[]'::jsonb end,
          1
        from offers where status <> 'pending' and id in (select ${uuidOf(`'spoke-bench-offer-' || g`)} from generate_series(1, ${o.offers}) g);
        insert into offer_history (offer_id, occurred_at, actor_type, actor_id, actor_name, action, from_status, to_status, changes, change_seq)
        select id, status_changed_at, 'client', case when dealer_id = ${dealerA}::uuid then 'demo-sandbox' else 'erp-' || left(dealer_id::text, 8) end, null,
          case status when 'order_journey_started' then 'start_order' when 'employer_decision_pending' then 'submit_order'
            when 'operator_decision_pending' then 'employer_approve' when 'done' then 'operator_approve' else 'canceled' end,
          (case status when 'employer_decision_pending' then 'order_journey_started' when 'operator_decision_pending' then 'employer_decision_pending'
            when 'done' then 'operator_decision_pending' else 'draft' end)::offer_status,
          status, '[]'::jsonb, change_seq
        from offers where status in ('order_journey_started', 'employer_decision_pending', 'operator_decision_pending', 'done', 'canceled')
          and id in (select ${uuidOf(`'spoke-bench-offer-' || g`)} from generate_series(1, ${o.offers}) g);
        set session_replication_role = default;`,
    },
    {
      label: 'rebuild indexes',
      sql: `set maintenance_work_mem = '512MB';
        do $$ declare r record; begin
          -- A partitioned table's index reads "ON ONLY" in pg_indexes: built so, it would cover no partition.
          for r in select indexdef from bench_saved_indexes loop execute replace(r.indexdef, ' ON ONLY ', ' ON '); end loop;
        end $$;
        drop table bench_saved_indexes;
        reset maintenance_work_mem;`,
    },
    // VACUUM (one statement per call: it cannot run in a transaction block) also sets the
    // visibility map, which lets counts and sorted pages use index-only scans from the start.
    ...['offers', 'offer_search', 'offer_accessories', 'offer_history', 'dealers'].map((table) => ({
      label: `vacuum analyze ${table}`,
      sql: `vacuum (analyze) ${table}`,
    })),
    {
      label: 'marker',
      sql: `create table if not exists bench_dataset (version int not null, offers int not null, dealers int not null,
          dealer_a_offers int not null, load_seconds numeric not null, loaded_at timestamptz not null default now());
        delete from bench_dataset;`,
    },
  ];
}

export type Exec = (sql: string) => Promise<unknown>;

/**
 * Runs the steps through `exec` (a simple-protocol call: the steps are multi-statement). `exec`
 * may use a pool: every step is self-contained, session settings are reset within the step.
 */
export async function loadOffers(exec: Exec, o: LoadOptions, log: (line: string) => void = () => {}): Promise<number> {
  const started = performance.now();
  for (const step of loadSteps(o)) {
    const t = performance.now();
    await exec(step.sql);
    log(`  ${step.label.padEnd(32)} ${((performance.now() - t) / 1000).toFixed(1)} s`);
  }
  const seconds = (performance.now() - started) / 1000;
  await exec(
    `insert into bench_dataset (version, offers, dealers, dealer_a_offers, load_seconds) values (${DATA_SET_VERSION}, ${o.offers}, ${o.dealers}, ${o.dealerAOffers}, ${seconds.toFixed(1)})`,
  );
  return seconds;
}

/** The marker of a complete load of exactly this data set, or null. */
export async function loadedDataSet(sql: postgres.Sql, o: LoadOptions): Promise<{ loadSeconds: number } | null> {
  const [table] = await sql`select to_regclass('bench_dataset') as t`;
  if (!table?.t) return null;
  const [row] = await sql`select load_seconds from bench_dataset
    where version = ${DATA_SET_VERSION} and offers = ${o.offers} and dealers = ${o.dealers} and dealer_a_offers = ${o.dealerAOffers}`;
  return row ? { loadSeconds: Number(row.load_seconds) } : null;
}

async function main() {
  const url = process.env.DATABASE_URL;
  if (!url) throw new Error('Set DATABASE_URL to a PostgreSQL database (an empty one will do: it is migrated and seeded first).');
  for (const script of ['scripts/db-migrate.ts', 'scripts/db-seed.ts']) {
    const done = spawnSync(process.execPath, ['--import', 'tsx', script], { stdio: 'inherit', env: process.env });
    if (done.status !== 0) throw new Error(`${script} failed (exit ${done.status ?? done.signal})`);
  }
  const arg = (name: string) => {
    const i = process.argv.indexOf(`--${name}`);
    return i > 0 ? Number(process.argv[i + 1]) : undefined;
  };
  const offers = arg('offers') ?? FULL_DATA_SET.offers;
  const o: LoadOptions = {
    offers,
    dealers: arg('dealers') ?? FULL_DATA_SET.dealers,
    dealerAOffers: arg('dealer-a') ?? Math.round(offers / 10),
  };
  const sql = postgres(url, { max: 1, onnotice: () => {} });
  try {
    console.log(`loading ${o.offers.toLocaleString('en')} offers over ${o.dealers} dealers (dealer A: ${o.dealerAOffers.toLocaleString('en')})`);
    const seconds = await loadOffers((s) => sql.unsafe(s), o, console.log);
    console.log(`loaded in ${seconds.toFixed(1)} s`);
  } finally {
    await sql.end();
  }
}

if (require.main === module) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
