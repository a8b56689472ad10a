import 'server-only';
import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `column = any(values)` with the values as one JSON parameter: for the processor's batches of 500,
 * an IN list of 500 parameters cost Drizzle more CPU to build than PostgreSQL took to run it
 * (docs/performance.md, "The processor"). The array is an InitPlan, so the condition still probes
 * an index on the column. `type` is the column's type (the JSON elements are text).
 */
export function anyOfJson(column: Column | SQL, values: readonly string[], type: 'text' | 'uuid' | 'environment'): SQL {
  return sql`${column} = any(array(select jsonb_array_elements_text(${JSON.stringify(values)}::jsonb)::${sql.raw(type)}))`;
}

/**
 * `column = any($name)` for a prepared statement (db/repositories/prepared.ts): the values are one
 * array parameter, so the statement's text is the same for any number of them.
 */
export function anyOfParameter(column: Column | SQL, name: string, type: 'text' | 'uuid'): SQL {
  return sql`${column} = any(${sql.placeholder(name)}::${sql.raw(type)}[])`;
}
