import { Migration } from '@mikro-orm/migrations';

export class Migration20261121232813_accounts extends Migration {

  override name = 'Migration20261121232813_accounts';

  override up(): void | Promise<void> {
    this.addSql(`create table \`app_user\` (\`id\` integer not null primary key autoincrement, \`email\` text not null, \`password_hash\` text null, \`first_name\` text not null, \`last_name\` text not null, \`phone\` text null, \`bio\` text null, \`location_id\` integer null, \`language\` text check (\`language\` in ('en', 'am')) not null default 'en', \`admin\` integer not null default false, \`email_verified_at\` datetime null, \`google_subject\` text null, \`avatar_media_id\` integer null, \`last_login_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`app_user_location_id_foreign\` foreign key (\`location_id\`) references \`location\` (\`id\`) on delete set null);`);
    this.addSql(`create unique index \`app_user_email_unique\` on \`app_user\` (\`email\`);`);
    this.addSql(`create index \`app_user_location_id_index\` on \`app_user\` (\`location_id\`);`);
    this.addSql(`create unique index \`app_user_google_subject_unique\` on \`app_user\` (\`google_subject\`);`);

    this.addSql(`create table \`account_token\` (\`id\` integer not null primary key autoincrement, \`user_id\` integer not null, \`purpose\` text check (\`purpose\` in ('VERIFY_EMAIL', 'RESET_PASSWORD')) not null, \`token_hash\` text not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`created_at\` datetime not null, constraint \`account_token_user_id_foreign\` foreign key (\`user_id\`) references \`app_user\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`account_token_user_id_index\` on \`account_token\` (\`user_id\`);`);
    this.addSql(`create unique index \`account_token_token_hash_unique\` on \`account_token\` (\`token_hash\`);`);
    this.addSql(`create index \`account_token_expires_at_index\` on \`account_token\` (\`expires_at\`);`);

    this.addSql(`alter table \`outbox_mail\` add column \`sensitive\` integer not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`account_token\`;`);
    this.addSql(`drop table if exists \`app_user\`;`);

    this.addSql(`alter table \`outbox_mail\` drop column \`sensitive\`;`);
  }

}
