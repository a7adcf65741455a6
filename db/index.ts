export { openDatabase, migrate, underStartupLock, dialectOf, ormOptions, migrationsPath, DatabaseUnavailable } from './database.ts';
export type { Dialect } from './database.ts';
export { entities } from './entities.ts';
export { seedReference, seedDemoIfEmpty } from './seed.ts';
