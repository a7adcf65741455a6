import { Migration } from '@mikro-orm/migrations';

/**
 * Comments on fundraisers, with their likes, each fundraiser's count of published comments and
 * the organisers' digest watermarks; reports (flags) of comments and fundraisers.
 */
export class Migration20261123220529_add_comments extends Migration {

  override name = 'Migration20261123220529_add_comments';

  override up(): void | Promise<void> {
    this.addSql(`create table \`comment_tally\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`published\` int not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`comment_tally\` add index \`comment_tally_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`comment_tally\` add unique \`comment_tally_fundraiser_id_unique\` (\`fundraiser_id\`);`);

    this.addSql(`create table \`comment_digest\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`last_comment_id\` int not null, \`sent_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`comment_digest\` add index \`comment_digest_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`comment_digest\` add unique \`comment_digest_fundraiser_id_unique\` (\`fundraiser_id\`);`);

    this.addSql(`create table \`flag\` (\`id\` int unsigned not null auto_increment primary key, \`target_type\` enum('COMMENT','FUNDRAISER') not null, \`target_id\` int not null, \`reason\` enum('SPAM','ABUSE','FRAUD','OTHER') not null, \`details\` text null, \`reporter_id\` int unsigned null, \`reporter_key\` varchar(80) not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`flag\` add index \`flag_reporter_id_index\` (\`reporter_id\`);`);
    this.addSql(`alter table \`flag\` add unique \`flag_target_type_target_id_reporter_key_unique\` (\`target_type\`, \`target_id\`, \`reporter_key\`);`);

    this.addSql(`create table \`comment\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`author_id\` int unsigned null, \`content\` text not null, \`status\` enum('published','hidden','deleted') not null default 'published', \`hidden_reason\` varchar(500) null, \`hidden_by_id\` int unsigned null, \`removed_at\` datetime null, \`like_count\` int not null default 0, \`repeat_key\` varchar(80) not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`comment\` add index \`comment_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`comment\` add index \`comment_author_id_index\` (\`author_id\`);`);
    this.addSql(`alter table \`comment\` add index \`comment_hidden_by_id_index\` (\`hidden_by_id\`);`);
    this.addSql(`alter table \`comment\` add index \`comment_fundraiser_id_status_created_at_index\` (\`fundraiser_id\`, \`status\`, \`created_at\`);`);
    this.addSql(`alter table \`comment\` add index \`comment_created_at_index\` (\`created_at\`);`);
    this.addSql(`alter table \`comment\` add unique \`comment_author_id_repeat_key_unique\` (\`author_id\`, \`repeat_key\`);`);

    this.addSql(`create table \`comment_like\` (\`id\` int unsigned not null auto_increment primary key, \`comment_id\` int unsigned not null, \`user_id\` int unsigned not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`comment_like\` add index \`comment_like_comment_id_index\` (\`comment_id\`);`);
    this.addSql(`alter table \`comment_like\` add index \`comment_like_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`comment_like\` add unique \`comment_like_comment_id_user_id_unique\` (\`comment_id\`, \`user_id\`);`);

    this.addSql(`alter table \`comment_tally\` add constraint \`comment_tally_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`comment_digest\` add constraint \`comment_digest_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`flag\` add constraint \`flag_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`app_user\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`comment\` add constraint \`comment_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`comment\` add constraint \`comment_author_id_foreign\` foreign key (\`author_id\`) references \`app_user\` (\`id\`) on delete set null;`);
    this.addSql(`alter table \`comment\` add constraint \`comment_hidden_by_id_foreign\` foreign key (\`hidden_by_id\`) references \`app_user\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`comment_like\` add constraint \`comment_like_comment_id_foreign\` foreign key (\`comment_id\`) references \`comment\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`comment_like\` add constraint \`comment_like_user_id_foreign\` foreign key (\`user_id\`) references \`app_user\` (\`id\`) on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`comment_like\`;`);
    this.addSql(`drop table if exists \`comment_tally\`;`);
    this.addSql(`drop table if exists \`comment_digest\`;`);
    this.addSql(`drop table if exists \`comment\`;`);
    this.addSql(`drop table if exists \`flag\`;`);
  }

}
