import { Migration } from '@mikro-orm/migrations';

export class Migration20261121232813_accounts extends Migration {

  override name = 'Migration20261121232813_accounts';

  override up(): void | Promise<void> {
    this.addSql(`create table \`app_user\` (\`id\` int unsigned not null auto_increment primary key, \`email\` varchar(254) not null, \`password_hash\` varchar(255) null, \`first_name\` varchar(100) not null, \`last_name\` varchar(100) not null, \`phone\` varchar(32) null, \`bio\` text null, \`location_id\` int unsigned null, \`language\` enum('en','am') not null default 'en', \`admin\` tinyint(1) not null default false, \`email_verified_at\` datetime null, \`google_subject\` varchar(255) null, \`avatar_media_id\` int null, \`last_login_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`app_user\` add unique \`app_user_email_unique\` (\`email\`);`);
    this.addSql(`alter table \`app_user\` add index \`app_user_location_id_index\` (\`location_id\`);`);
    this.addSql(`alter table \`app_user\` add unique \`app_user_google_subject_unique\` (\`google_subject\`);`);

    this.addSql(`create table \`account_token\` (\`id\` int unsigned not null auto_increment primary key, \`user_id\` int unsigned not null, \`purpose\` enum('VERIFY_EMAIL','RESET_PASSWORD') not null, \`token_hash\` varchar(64) not null, \`expires_at\` datetime not null, \`used_at\` datetime null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`account_token\` add index \`account_token_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`account_token\` add unique \`account_token_token_hash_unique\` (\`token_hash\`);`);
    this.addSql(`alter table \`account_token\` add index \`account_token_expires_at_index\` (\`expires_at\`);`);

    this.addSql(`alter table \`outbox_mail\` add \`sensitive\` tinyint(1) not null default false;`);

    this.addSql(`alter table \`app_user\` add constraint \`app_user_location_id_foreign\` foreign key (\`location_id\`) references \`location\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`account_token\` add constraint \`account_token_user_id_foreign\` foreign key (\`user_id\`) references \`app_user\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`account_token\` drop foreign key \`account_token_user_id_foreign\`;`);

    this.addSql(`drop table if exists \`account_token\`;`);
    this.addSql(`drop table if exists \`app_user\`;`);

    this.addSql(`alter table \`outbox_mail\` drop column \`sensitive\`;`);
  }

}
