import { Migration } from '@mikro-orm/migrations';

/** Refunds an admin let through beyond what a fundraiser kept after its payouts: the shortfall the platform covers, once per gift. */
export class Migration20261207204354_platform_cover extends Migration {

  override name = 'Migration20261207204354_platform_cover';

  override up(): void | Promise<void> {
    this.addSql(`create table \`platform_cover\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`donation_id\` int not null, \`currency\` enum('USD','ETB') not null, \`amount_minor\` bigint not null, \`covered_by_id\` int unsigned not null, \`at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`platform_cover\` add index \`platform_cover_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`platform_cover\` add unique \`platform_cover_donation_id_unique\` (\`donation_id\`);`);
    this.addSql(`alter table \`platform_cover\` add index \`platform_cover_covered_by_id_index\` (\`covered_by_id\`);`);

    this.addSql(`alter table \`platform_cover\` add constraint \`platform_cover_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict;`);
    this.addSql(`alter table \`platform_cover\` add constraint \`platform_cover_covered_by_id_foreign\` foreign key (\`covered_by_id\`) references \`app_user\` (\`id\`) on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`platform_cover\`;`);
  }

}
