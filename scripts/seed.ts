/** npm run seed: reference data always; demo data only into an empty database. */
import { loadConfig } from '../api/config.ts';
import { migrate, openDatabase, seedDemoIfEmpty, seedReference } from '../db/index.ts';

const orm = await openDatabase(loadConfig().DATABASE_URL);
try {
  await migrate(orm);
  const reference = await seedReference(orm.em.fork());
  console.log(`Reference data: ${reference.categories} categories, ${reference.locations} locations.`);
  console.log((await seedDemoIfEmpty(orm.em.fork())) ? 'Demo data loaded.' : 'The database has content; demo data skipped.');
} finally {
  await orm.close();
}
