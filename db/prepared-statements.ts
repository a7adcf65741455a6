/**
 * libSQL's dialect prepares every statement afresh, though the app sends the same few hundred
 * statement texts over and over (a fundraiser page: four). Preparing one costs about three
 * times running it, so each text keeps its prepared statement and reuses it; SQLite prepares
 * a kept one again by itself when the schema under it changes. Kept by least recent use.
 */
export interface Preparing {
  prepare(sql: string): unknown;
}

export function reusePreparedStatements(database: Preparing, max = 500): void {
  const prepare = database.prepare.bind(database);
  const kept = new Map<string, unknown>();
  database.prepare = (sql: string) => {
    const found = kept.get(sql);
    if (found !== undefined) {
      kept.delete(sql);
      kept.set(sql, found);
      return found;
    }
    const statement = prepare(sql);
    if (kept.size >= max) {
      const oldest = kept.keys().next();
      if (!oldest.done) kept.delete(oldest.value);
    }
    kept.set(sql, statement);
    return statement;
  };
}
