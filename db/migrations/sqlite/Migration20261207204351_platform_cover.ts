import { Migration } from '@mikro-orm/migrations';

/** Refunds an admin let through beyond what a fundraiser kept after its payouts: the shortfall the platform covers, once per gift. */
export class Migration20261207204351_platform_cover extends Migration {

  override name = 'Migration20261207204351_platform_cover';

  override up(): void | Promise<void> {
    this.addSql(`create table \`platform_cover\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`donation_id\` integer not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`amount_minor\` bigint not null, \`covered_by_id\` integer not null, \`at\` datetime not null, constraint \`platform_cover_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict, constraint \`platform_cover_covered_by_id_foreign\` foreign key (\`covered_by_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`platform_cover_fundraiser_id_index\` on \`platform_cover\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`platform_cover_donation_id_unique\` on \`platform_cover\` (\`donation_id\`);`);
    this.addSql(`create index \`platform_cover_covered_by_id_index\` on \`platform_cover\` (\`covered_by_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`platform_cover\`;`);
  }

}
