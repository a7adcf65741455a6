import { Migration } from '@mikro-orm/migrations';

/** Visitors counted per address a day (its salted hash), so that rotating the user agent makes no new visitors beyond a few. */
export class Migration20261128173900_visitor_address extends Migration {

  override name = 'Migration20261128173900_visitor_address';

  override up(): void | Promise<void> {
    this.addSql(`create table \`visitor_address\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`day\` varchar(10) not null, \`address_hash\` varchar(32) not null, \`visitors\` int not null default 0) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`visitor_address\` add index \`visitor_address_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`visitor_address\` add index \`visitor_address_day_index\` (\`day\`);`);
    this.addSql(`alter table \`visitor_address\` add unique \`visitor_address_fundraiser_id_day_address_hash_unique\` (\`fundraiser_id\`, \`day\`, \`address_hash\`);`);

    this.addSql(`alter table \`visitor_address\` add constraint \`visitor_address_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`visitor_address\`;`);
  }

}
