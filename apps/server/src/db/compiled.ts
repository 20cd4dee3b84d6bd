import { CompiledQuery, type Compilable, type Kysely, type QueryResult } from 'kysely';
import type { DB } from './schema.ts';

/**
 * A statement whose text the query builder writes once per database (per dialect adapter), then runs
 * with each call's values: building a small query every time cost more than running it on SQLite
 * (Kysely's compile was about a tenth of a review's POST; issue 22). `build` writes the statement
 * with stand-in values bound in the order in which `run` is given the real ones.
 */
export function compiledOnce<Row>(
  build: (db: Kysely<DB>) => Compilable<Row>,
): (db: Kysely<DB>, values: readonly unknown[]) => Promise<QueryResult<Row>> {
  const texts = new WeakMap<object, string>();
  return (db, values) => {
    const adapter = db.getExecutor().adapter;
    let text = texts.get(adapter);
    if (text === undefined) {
      text = build(db).compile().sql;
      texts.set(adapter, text);
    }
    return db.executeQuery(CompiledQuery.raw(text, [...values])) as Promise<QueryResult<Row>>;
  };
}
