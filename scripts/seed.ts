/** npm run seed: reference data always; demo data only into an empty database. */
import { loadConfig, mediaStorageOptions } from '../api/config.ts';
import { migrate, openDatabase, seedDemoIfEmpty, seedReference } from '../db/index.ts';
import { mediaStorage } from '../modules/media/index.ts';

const config = loadConfig();
const orm = await openDatabase(config.DATABASE_URL);
try {
  await migrate(orm);
  const reference = await seedReference(orm.em.fork());
  console.log(`Reference data: ${reference.categories} categories, ${reference.locations} locations.`);
  const demo = await seedDemoIfEmpty(orm.em.fork(), { storage: mediaStorage(mediaStorageOptions(config)) });
  if (demo) {
    console.log(`Demo data loaded: ${demo.fundraisers} fundraisers, pictures in ${config.MEDIA_DIR}.`);
    console.log(`Demo admin account: ${demo.admin.email}, password ${demo.admin.password} (generated now and shown only once).`);
  } else {
    console.log('The database has content; demo data skipped.');
  }
} finally {
  await orm.close();
}
