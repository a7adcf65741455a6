import { Migration } from '@mikro-orm/migrations';

export class Migration20261122002127_fundraisers_and_media extends Migration {

  override name = 'Migration20261122002127_fundraisers_and_media';

  override up(): void | Promise<void> {
    this.addSql(`create table \`media\` (\`id\` int unsigned not null auto_increment primary key, \`storage_key\` varchar(32) not null, \`entity_type\` enum('FUNDRAISER','USER') not null, \`entity_id\` int not null, \`owner_id\` int unsigned not null, \`width\` int not null, \`height\` int not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`media\` add unique \`media_storage_key_unique\` (\`storage_key\`);`);
    this.addSql(`alter table \`media\` add index \`media_owner_id_index\` (\`owner_id\`);`);
    this.addSql(`alter table \`media\` add index \`media_entity_type_entity_id_index\` (\`entity_type\`, \`entity_id\`);`);

    this.addSql(`create table \`fundraiser\` (\`id\` int unsigned not null auto_increment primary key, \`title\` varchar(120) not null, \`description\` text not null, \`beneficiary_name\` varchar(120) null, \`owner_id\` int unsigned not null, \`category_id\` int unsigned not null, \`location_id\` int unsigned not null, \`currency\` enum('USD','ETB') not null default 'USD', \`goal_minor\` int not null, \`raised_minor\` bigint not null default '0', \`donation_count\` int not null default 0, \`status\` enum('ACTIVE','PAUSED','CLOSED','SUSPENDED') not null default 'ACTIVE', \`team_id\` int null, \`created_at\` datetime not null, \`updated_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_owner_id_index\` (\`owner_id\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_category_id_index\` (\`category_id\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_location_id_index\` (\`location_id\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_team_id_index\` (\`team_id\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_status_created_at_index\` (\`status\`, \`created_at\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_category_id_status_created_at_index\` (\`category_id\`, \`status\`, \`created_at\`);`);
    this.addSql(`alter table \`fundraiser\` add fulltext index \`fundraiser_search\`(\`title\`,\`description\`);`);
    this.addSql(`alter table \`fundraiser\` add fulltext index \`fundraiser_search_title\`(\`title\`);`);

    this.addSql(`create table \`fundraiser_update\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`author_id\` int unsigned not null, \`content\` text not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`fundraiser_update\` add index \`fundraiser_update_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`fundraiser_update\` add index \`fundraiser_update_author_id_index\` (\`author_id\`);`);
    this.addSql(`alter table \`fundraiser_update\` add index \`fundraiser_update_fundraiser_id_created_at_index\` (\`fundraiser_id\`, \`created_at\`);`);

    this.addSql(`alter table \`media\` add constraint \`media_owner_id_foreign\` foreign key (\`owner_id\`) references \`app_user\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`fundraiser\` add constraint \`fundraiser_owner_id_foreign\` foreign key (\`owner_id\`) references \`app_user\` (\`id\`);`);
    this.addSql(`alter table \`fundraiser\` add constraint \`fundraiser_category_id_foreign\` foreign key (\`category_id\`) references \`category\` (\`id\`);`);
    this.addSql(`alter table \`fundraiser\` add constraint \`fundraiser_location_id_foreign\` foreign key (\`location_id\`) references \`location\` (\`id\`);`);

    this.addSql(`alter table \`fundraiser_update\` add constraint \`fundraiser_update_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`fundraiser_update\` add constraint \`fundraiser_update_author_id_foreign\` foreign key (\`author_id\`) references \`app_user\` (\`id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`fundraiser_update\` drop foreign key \`fundraiser_update_fundraiser_id_foreign\`;`);

    this.addSql(`drop table if exists \`media\`;`);
    this.addSql(`drop table if exists \`fundraiser_update\`;`);
    this.addSql(`drop table if exists \`fundraiser\`;`);

  }

}
