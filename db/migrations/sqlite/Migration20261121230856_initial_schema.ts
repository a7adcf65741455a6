import { Migration } from '@mikro-orm/migrations';

export class Migration20261121230856_initial_schema extends Migration {

  override name = 'Migration20261121230856_initial_schema';

  override up(): void | Promise<void> {
    this.addSql(`create table \`category\` (\`id\` integer not null primary key autoincrement, \`slug\` text not null, \`name\` text not null, \`name_am\` text not null);`);
    this.addSql(`create unique index \`category_slug_unique\` on \`category\` (\`slug\`);`);

    this.addSql(`create table \`contact_message\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`email\` text not null, \`message\` text not null, \`language\` text not null, \`created_at\` datetime not null);`);

    this.addSql(`create table \`job_lock\` (\`name\` text not null primary key, \`owner\` text not null, \`locked_until\` datetime not null, \`last_run_at\` datetime null, \`last_outcome\` text null);`);

    this.addSql(`create table \`location\` (\`id\` integer not null primary key autoincrement, \`city\` text not null, \`city_am\` text not null, \`region\` text not null, \`region_am\` text not null);`);
    this.addSql(`create unique index \`location_city_region_unique\` on \`location\` (\`city\`, \`region\`);`);

    this.addSql(`create table \`outbox_mail\` (\`id\` integer not null primary key autoincrement, \`to\` text not null, \`reply_to\` text null, \`subject\` text not null, \`text\` text not null, \`html\` text null, \`status\` text check (\`status\` in ('PENDING', 'SENT', 'FAILED', 'LOGGED')) not null default 'PENDING', \`attempts\` integer not null default 0, \`last_error\` text null, \`message_id\` text null, \`created_at\` datetime not null, \`sent_at\` datetime null);`);
    this.addSql(`create index \`outbox_mail_status_index\` on \`outbox_mail\` (\`status\`);`);

    this.addSql(`create table \`rate_limit_hit\` (\`id\` integer not null primary key autoincrement, \`bucket\` text not null, \`hit_at\` datetime not null);`);
    this.addSql(`create index \`rate_limit_hit_hit_at_index\` on \`rate_limit_hit\` (\`hit_at\`);`);
    this.addSql(`create index \`rate_limit_hit_bucket_hit_at_index\` on \`rate_limit_hit\` (\`bucket\`, \`hit_at\`);`);

    this.addSql(`create table \`session\` (\`id\` text not null primary key, \`user_id\` integer null, \`data\` json not null, \`remember_me\` integer not null default false, \`created_at\` datetime not null, \`last_seen_at\` datetime not null, \`expires_at\` datetime not null, \`absolute_expires_at\` datetime not null);`);
    this.addSql(`create index \`session_user_id_index\` on \`session\` (\`user_id\`);`);
    this.addSql(`create index \`session_expires_at_index\` on \`session\` (\`expires_at\`);`);

    this.addSql(`create table \`testimonial\` (\`id\` integer not null primary key autoincrement, \`name\` text not null, \`name_am\` text not null, \`role\` text not null, \`role_am\` text not null, \`quote\` text not null, \`quote_am\` text not null, \`city\` text not null, \`city_am\` text not null, \`published\` integer not null default true, \`sort_order\` integer not null default 0, \`created_at\` datetime not null);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`category\`;`);
    this.addSql(`drop table if exists \`contact_message\`;`);
    this.addSql(`drop table if exists \`job_lock\`;`);
    this.addSql(`drop table if exists \`location\`;`);
    this.addSql(`drop table if exists \`outbox_mail\`;`);
    this.addSql(`drop table if exists \`rate_limit_hit\`;`);
    this.addSql(`drop table if exists \`session\`;`);
    this.addSql(`drop table if exists \`testimonial\`;`);
  }

}
