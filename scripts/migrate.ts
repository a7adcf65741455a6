/** npm run migrate: applies pending migrations to DATABASE_URL. */
import { loadConfig } from '../api/config.ts';
import { migrate, openDatabase } from '../db/index.ts';

const orm = await openDatabase(loadConfig().DATABASE_URL);
try {
  const applied = await migrate(orm);
  console.log(applied.length ? `Applied: ${applied.join(', ')}` : 'The database is up to date.');
} finally {
  await orm.close();
}
