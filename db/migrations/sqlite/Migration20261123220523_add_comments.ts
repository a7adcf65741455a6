import { Migration } from '@mikro-orm/migrations';

/**
 * Comments on fundraisers, with their likes, each fundraiser's count of published comments and
 * the organisers' digest watermarks; reports (flags) of comments and fundraisers.
 */
export class Migration20261123220523_add_comments extends Migration {

  override name = 'Migration20261123220523_add_comments';

  override up(): void | Promise<void> {
    this.addSql(`create table \`comment_tally\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`published\` integer not null, constraint \`comment_tally_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`comment_tally_fundraiser_id_index\` on \`comment_tally\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`comment_tally_fundraiser_id_unique\` on \`comment_tally\` (\`fundraiser_id\`);`);

    this.addSql(`create table \`comment_digest\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`last_comment_id\` integer not null, \`sent_at\` datetime not null, constraint \`comment_digest_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`comment_digest_fundraiser_id_index\` on \`comment_digest\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`comment_digest_fundraiser_id_unique\` on \`comment_digest\` (\`fundraiser_id\`);`);

    this.addSql(`create table \`flag\` (\`id\` integer not null primary key autoincrement, \`target_type\` text check (\`target_type\` in ('COMMENT', 'FUNDRAISER')) not null, \`target_id\` integer not null, \`reason\` text check (\`reason\` in ('SPAM', 'ABUSE', 'FRAUD', 'OTHER')) not null, \`details\` text null, \`reporter_id\` integer null, \`reporter_key\` text not null, \`created_at\` datetime not null, constraint \`flag_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`app_user\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`flag_reporter_id_index\` on \`flag\` (\`reporter_id\`);`);
    this.addSql(`create unique index \`flag_target_type_target_id_reporter_key_unique\` on \`flag\` (\`target_type\`, \`target_id\`, \`reporter_key\`);`);

    this.addSql(`create table \`comment\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`author_id\` integer null, \`content\` text not null, \`status\` text check (\`status\` in ('published', 'hidden', 'deleted')) not null default 'published', \`hidden_reason\` text null, \`hidden_by_id\` integer null, \`removed_at\` datetime null, \`like_count\` integer not null default 0, \`repeat_key\` text not null, \`created_at\` datetime not null, constraint \`comment_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade, constraint \`comment_author_id_foreign\` foreign key (\`author_id\`) references \`app_user\` (\`id\`) on delete set null, constraint \`comment_hidden_by_id_foreign\` foreign key (\`hidden_by_id\`) references \`app_user\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`comment_fundraiser_id_index\` on \`comment\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`comment_author_id_index\` on \`comment\` (\`author_id\`);`);
    this.addSql(`create index \`comment_hidden_by_id_index\` on \`comment\` (\`hidden_by_id\`);`);
    this.addSql(`create index \`comment_fundraiser_id_status_created_at_index\` on \`comment\` (\`fundraiser_id\`, \`status\`, \`created_at\`);`);
    this.addSql(`create index \`comment_created_at_index\` on \`comment\` (\`created_at\`);`);
    this.addSql(`create unique index \`comment_author_id_repeat_key_unique\` on \`comment\` (\`author_id\`, \`repeat_key\`);`);

    this.addSql(`create table \`comment_like\` (\`id\` integer not null primary key autoincrement, \`comment_id\` integer not null, \`user_id\` integer not null, \`created_at\` datetime not null, constraint \`comment_like_comment_id_foreign\` foreign key (\`comment_id\`) references \`comment\` (\`id\`) on delete cascade, constraint \`comment_like_user_id_foreign\` foreign key (\`user_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`comment_like_comment_id_index\` on \`comment_like\` (\`comment_id\`);`);
    this.addSql(`create index \`comment_like_user_id_index\` on \`comment_like\` (\`user_id\`);`);
    this.addSql(`create unique index \`comment_like_comment_id_user_id_unique\` on \`comment_like\` (\`comment_id\`, \`user_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`comment_like\`;`);
    this.addSql(`drop table if exists \`comment_tally\`;`);
    this.addSql(`drop table if exists \`comment_digest\`;`);
    this.addSql(`drop table if exists \`comment\`;`);
    this.addSql(`drop table if exists \`flag\`;`);
  }

}
