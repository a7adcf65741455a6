import { Migration } from '@mikro-orm/migrations';

/** Visitors counted per address a day (its salted hash), so that rotating the user agent makes no new visitors beyond a few. */
export class Migration20261128173900_visitor_address extends Migration {

  override name = 'Migration20261128173900_visitor_address';

  override up(): void | Promise<void> {
    this.addSql(`create table \`visitor_address\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`address_hash\` text not null, \`visitors\` integer not null default 0, constraint \`visitor_address_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`visitor_address_fundraiser_id_index\` on \`visitor_address\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`visitor_address_day_index\` on \`visitor_address\` (\`day\`);`);
    this.addSql(`create unique index \`visitor_address_fundraiser_id_day_address_hash_unique\` on \`visitor_address\` (\`fundraiser_id\`, \`day\`, \`address_hash\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`visitor_address\`;`);
  }

}
