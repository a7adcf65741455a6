import { Migration } from '@mikro-orm/migrations';

export class Migration20261121230856_initial_schema extends Migration {

  override name = 'Migration20261121230856_initial_schema';

  override up(): void | Promise<void> {
    this.addSql(`create table \`category\` (\`id\` int unsigned not null auto_increment primary key, \`slug\` varchar(64) not null, \`name\` varchar(100) not null, \`name_am\` varchar(100) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`category\` add unique \`category_slug_unique\` (\`slug\`);`);

    this.addSql(`create table \`contact_message\` (\`id\` int unsigned not null auto_increment primary key, \`name\` varchar(100) not null, \`email\` varchar(254) not null, \`message\` text not null, \`language\` varchar(8) not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);

    this.addSql(`create table \`job_lock\` (\`name\` varchar(64) not null, \`owner\` varchar(64) not null, \`locked_until\` datetime not null, \`last_run_at\` datetime null, \`last_outcome\` varchar(255) null, primary key (\`name\`)) default character set utf8mb4 engine = InnoDB;`);

    this.addSql(`create table \`location\` (\`id\` int unsigned not null auto_increment primary key, \`city\` varchar(100) not null, \`city_am\` varchar(100) not null, \`region\` varchar(100) not null, \`region_am\` varchar(100) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`location\` add unique \`location_city_region_unique\` (\`city\`, \`region\`);`);

    this.addSql(`create table \`outbox_mail\` (\`id\` int unsigned not null auto_increment primary key, \`to\` varchar(320) not null, \`reply_to\` varchar(320) null, \`subject\` varchar(255) not null, \`text\` text not null, \`html\` text null, \`status\` enum('PENDING','SENT','FAILED','LOGGED') not null default 'PENDING', \`attempts\` int not null default 0, \`last_error\` text null, \`message_id\` varchar(255) null, \`created_at\` datetime not null, \`sent_at\` datetime null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`outbox_mail\` add index \`outbox_mail_status_index\` (\`status\`);`);

    this.addSql(`create table \`rate_limit_hit\` (\`id\` int unsigned not null auto_increment primary key, \`bucket\` varchar(191) not null, \`hit_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`rate_limit_hit\` add index \`rate_limit_hit_hit_at_index\` (\`hit_at\`);`);
    this.addSql(`alter table \`rate_limit_hit\` add index \`rate_limit_hit_bucket_hit_at_index\` (\`bucket\`, \`hit_at\`);`);

    this.addSql(`create table \`session\` (\`id\` varchar(64) not null, \`user_id\` int null, \`data\` json not null, \`remember_me\` tinyint(1) not null default false, \`created_at\` datetime not null, \`last_seen_at\` datetime not null, \`expires_at\` datetime not null, \`absolute_expires_at\` datetime not null, primary key (\`id\`)) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`session\` add index \`session_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`session\` add index \`session_expires_at_index\` (\`expires_at\`);`);

    this.addSql(`create table \`testimonial\` (\`id\` int unsigned not null auto_increment primary key, \`name\` varchar(100) not null, \`name_am\` varchar(100) not null, \`role\` varchar(200) not null, \`role_am\` varchar(200) not null, \`quote\` text not null, \`quote_am\` text not null, \`city\` varchar(100) not null, \`city_am\` varchar(100) not null, \`published\` tinyint(1) not null default true, \`sort_order\` int not null default 0, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
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
