import type { Db } from './client.ts';

/**
 * A query prepared once per database handle (or transaction) and reused: the SQL is built
 * once instead of per call, and PostgreSQL parses and plans a named statement once per
 * connection instead of per execution. For the queries every request runs; measured in
 * docs/benchmarks.md.
 */
export function preparedPerDb<T>(build: (db: Db) => T): (db: Db) => T {
  const cache = new WeakMap<Db, T>();
  return (db) => {
    let query = cache.get(db);
    if (query === undefined) {
      query = build(db);
      cache.set(db, query);
    }
    return query;
  };
}
