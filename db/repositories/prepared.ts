import 'server-only';
import type { Executor } from '../client';

/**
 * A statement prepared once per executor (the database, or a transaction while it lasts). Drizzle
 * renders a query's SQL text on every `prepare()`, which costs a short read more CPU than running
 * it; named, the statement is also parsed and planned once per connection. The statement's text
 * must not depend on anything but `db`: its values are placeholders.
 */
export function preparedOnce<T>(build: (db: Executor) => T): (db: Executor) => T {
  // A transaction's executor lives as long as the transaction; the map lets it go with it.
  const held = new WeakMap<Executor, T>();
  return (db) => {
    let statement = held.get(db);
    if (statement === undefined) held.set(db, (statement = build(db)));
    return statement;
  };
}
