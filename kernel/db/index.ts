import type { EntityManager, EntityName } from '@mikro-orm/core';
import { SqlEntityManager, type QueryBuilder } from '@mikro-orm/sql';

/**
 * A query builder for the statements the entity manager's find cannot say in one (a window
 * function, say). Both drivers the app runs on are SQL drivers; anything else is a mistake
 * worth a clear error rather than a missing method.
 */
export function queryBuilder<Entity extends object, Alias extends string>(em: EntityManager, entity: EntityName<Entity>, alias: Alias): QueryBuilder<Entity, Alias> {
  if (!(em instanceof SqlEntityManager)) throw new TypeError('a SQL database driver is required');
  return em.createQueryBuilder(entity, alias);
}
