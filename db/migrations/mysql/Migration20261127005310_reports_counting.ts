import { Migration } from '@mikro-orm/migrations';

/** Counting visits and shares (ADR 0010): the day's salt, visitors seen, hourly views and shares, referrers by day. */
export class Migration20261127005310_reports_counting extends Migration {

  override name = 'Migration20261127005310_reports_counting';

  override up(): void | Promise<void> {
    this.addSql(`create table \`analytics_salt\` (\`id\` int unsigned not null auto_increment primary key, \`day\` varchar(10) not null, \`salt\` varchar(64) not null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`analytics_salt\` add unique \`analytics_salt_day_unique\` (\`day\`);`);

    this.addSql(`create table \`traffic_hour\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`hour\` datetime not null, \`channel\` enum('telegram','whatsapp','facebook','x','email','copy','direct') not null, \`views\` int not null default 0, \`visitors\` int not null default 0) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`traffic_hour\` add index \`traffic_hour_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`traffic_hour\` add unique \`traffic_hour_fundraiser_id_hour_channel_unique\` (\`fundraiser_id\`, \`hour\`, \`channel\`);`);

    this.addSql(`create table \`share_hour\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`hour\` datetime not null, \`channel\` enum('telegram','whatsapp','facebook','x','email','copy') not null, \`shares\` int not null default 0) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`share_hour\` add index \`share_hour_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`share_hour\` add unique \`share_hour_fundraiser_id_hour_channel_unique\` (\`fundraiser_id\`, \`hour\`, \`channel\`);`);

    this.addSql(`create table \`referrer_day\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`day\` varchar(10) not null, \`host\` varchar(255) not null, \`views\` int not null default 0) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`referrer_day\` add index \`referrer_day_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`referrer_day\` add unique \`referrer_day_fundraiser_id_day_host_unique\` (\`fundraiser_id\`, \`day\`, \`host\`);`);

    this.addSql(`create table \`visitor_seen\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`day\` varchar(10) not null, \`visitor_hash\` varchar(32) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`visitor_seen\` add index \`visitor_seen_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`visitor_seen\` add index \`visitor_seen_day_index\` (\`day\`);`);
    this.addSql(`alter table \`visitor_seen\` add unique \`visitor_seen_fundraiser_id_day_visitor_hash_unique\` (\`fundraiser_id\`, \`day\`, \`visitor_hash\`);`);

    this.addSql(`alter table \`traffic_hour\` add constraint \`traffic_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`share_hour\` add constraint \`share_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`referrer_day\` add constraint \`referrer_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);

    this.addSql(`alter table \`visitor_seen\` add constraint \`visitor_seen_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`analytics_salt\`;`);
    this.addSql(`drop table if exists \`traffic_hour\`;`);
    this.addSql(`drop table if exists \`share_hour\`;`);
    this.addSql(`drop table if exists \`referrer_day\`;`);
    this.addSql(`drop table if exists \`visitor_seen\`;`);
  }

}
