import { Migration } from '@mikro-orm/migrations';

/**
 * Full-text search over fundraiser titles and descriptions, in English and Amharic: an FTS5
 * table holding only the index (its text stays in `fundraiser`), kept in step by triggers.
 * `unicode61` splits on spaces and punctuation, Ethiopic ones (፡ ። ፣ ፤) included, and
 * folds case and diacritics. Written by hand: the entities cannot describe a virtual table
 * (db/database.ts keeps the schema comparer away from it). MySQL's counterpart is the
 * FULLTEXT index declared on the entity.
 */
export class Migration20261122002128_fundraiser_search extends Migration {

  override name = 'Migration20261122002128_fundraiser_search';

  override up(): void | Promise<void> {
    this.addSql(`create virtual table \`fundraiser_search\` using fts5(\`title\`, \`description\`, content='fundraiser', content_rowid='id', tokenize='unicode61 remove_diacritics 2');`);
    this.addSql(`create trigger \`fundraiser_search_insert\` after insert on \`fundraiser\` begin insert into \`fundraiser_search\` (rowid, \`title\`, \`description\`) values (new.\`id\`, new.\`title\`, new.\`description\`); end;`);
    this.addSql(`create trigger \`fundraiser_search_delete\` after delete on \`fundraiser\` begin insert into \`fundraiser_search\` (\`fundraiser_search\`, rowid, \`title\`, \`description\`) values ('delete', old.\`id\`, old.\`title\`, old.\`description\`); end;`);
    this.addSql(`create trigger \`fundraiser_search_update\` after update of \`title\`, \`description\` on \`fundraiser\` begin insert into \`fundraiser_search\` (\`fundraiser_search\`, rowid, \`title\`, \`description\`) values ('delete', old.\`id\`, old.\`title\`, old.\`description\`); insert into \`fundraiser_search\` (rowid, \`title\`, \`description\`) values (new.\`id\`, new.\`title\`, new.\`description\`); end;`);
    // Indexes any rows written before this migration (none on a new install).
    this.addSql(`insert into \`fundraiser_search\` (\`fundraiser_search\`) values ('rebuild');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists \`fundraiser_search_update\`;`);
    this.addSql(`drop trigger if exists \`fundraiser_search_delete\`;`);
    this.addSql(`drop trigger if exists \`fundraiser_search_insert\`;`);
    this.addSql(`drop table if exists \`fundraiser_search\`;`);
  }

}
