import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002127_fundraisers_and_media extends Migration {

  override name = 'Migration20261122002127_fundraisers_and_media';

  override up(): void | Promise<void> {
    this.addSql(`create table \`media\` (\`id\` integer not null primary key autoincrement, \`storage_key\` text not null, \`entity_type\` text check (\`entity_type\` in ('FUNDRAISER', 'USER')) not null, \`entity_id\` integer not null, \`owner_id\` integer not null, \`width\` integer not null, \`height\` integer not null, \`created_at\` datetime not null, constraint \`media_owner_id_foreign\` foreign key (\`owner_id\`) references \`app_user\` (\`id\`) on delete cascade);`);
    this.addSql(`create unique index \`media_storage_key_unique\` on \`media\` (\`storage_key\`);`);
    this.addSql(`create index \`media_owner_id_index\` on \`media\` (\`owner_id\`);`);
    this.addSql(`create index \`media_entity_type_entity_id_index\` on \`media\` (\`entity_type\`, \`entity_id\`);`);

    this.addSql(`create table \`fundraiser\` (\`id\` integer not null primary key autoincrement, \`title\` text not null, \`description\` text not null, \`beneficiary_name\` text null, \`owner_id\` integer not null, \`category_id\` integer not null, \`location_id\` integer not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null default 'USD', \`goal_minor\` integer not null, \`raised_minor\` bigint not null default '0', \`donation_count\` integer not null default 0, \`status\` text check (\`status\` in ('ACTIVE', 'PAUSED', 'CLOSED', 'SUSPENDED')) not null default 'ACTIVE', \`team_id\` integer null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`fundraiser_owner_id_foreign\` foreign key (\`owner_id\`) references \`app_user\` (\`id\`), constraint \`fundraiser_category_id_foreign\` foreign key (\`category_id\`) references \`category\` (\`id\`), constraint \`fundraiser_location_id_foreign\` foreign key (\`location_id\`) references \`location\` (\`id\`));`);
    this.addSql(`create index \`fundraiser_owner_id_index\` on \`fundraiser\` (\`owner_id\`);`);
    this.addSql(`create index \`fundraiser_category_id_index\` on \`fundraiser\` (\`category_id\`);`);
    this.addSql(`create index \`fundraiser_location_id_index\` on \`fundraiser\` (\`location_id\`);`);
    this.addSql(`create index \`fundraiser_team_id_index\` on \`fundraiser\` (\`team_id\`);`);
    this.addSql(`create index \`fundraiser_status_created_at_index\` on \`fundraiser\` (\`status\`, \`created_at\`);`);
    this.addSql(`create index \`fundraiser_category_id_status_created_at_index\` on \`fundraiser\` (\`category_id\`, \`status\`, \`created_at\`);`);

    this.addSql(`create table \`fundraiser_update\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`author_id\` integer not null, \`content\` text not null, \`created_at\` datetime not null, constraint \`fundraiser_update_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade, constraint \`fundraiser_update_author_id_foreign\` foreign key (\`author_id\`) references \`app_user\` (\`id\`));`);
    this.addSql(`create index \`fundraiser_update_fundraiser_id_index\` on \`fundraiser_update\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`fundraiser_update_author_id_index\` on \`fundraiser_update\` (\`author_id\`);`);
    this.addSql(`create index \`fundraiser_update_fundraiser_id_created_at_index\` on \`fundraiser_update\` (\`fundraiser_id\`, \`created_at\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`media\`;`);
    this.addSql(`drop table if exists \`fundraiser_update\`;`);
    this.addSql(`drop table if exists \`fundraiser\`;`);
  }

}
