import { Migration } from '@mikro-orm/migrations';

/** Counting visits and shares (ADR 0010): the day's salt, visitors seen, hourly views and shares, referrers by day. */
export class Migration20261127005309_reports_counting extends Migration {

  override name = 'Migration20261127005309_reports_counting';

  override up(): void | Promise<void> {
    this.addSql(`create table \`analytics_salt\` (\`id\` integer not null primary key autoincrement, \`day\` text not null, \`salt\` text not null, \`created_at\` datetime not null);`);
    this.addSql(`create unique index \`analytics_salt_day_unique\` on \`analytics_salt\` (\`day\`);`);

    this.addSql(`create table \`traffic_hour\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`hour\` datetime not null, \`channel\` text check (\`channel\` in ('telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy', 'direct')) not null, \`views\` integer not null default 0, \`visitors\` integer not null default 0, constraint \`traffic_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`traffic_hour_fundraiser_id_index\` on \`traffic_hour\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`traffic_hour_fundraiser_id_hour_channel_unique\` on \`traffic_hour\` (\`fundraiser_id\`, \`hour\`, \`channel\`);`);

    this.addSql(`create table \`share_hour\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`hour\` datetime not null, \`channel\` text check (\`channel\` in ('telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy')) not null, \`shares\` integer not null default 0, constraint \`share_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`share_hour_fundraiser_id_index\` on \`share_hour\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`share_hour_fundraiser_id_hour_channel_unique\` on \`share_hour\` (\`fundraiser_id\`, \`hour\`, \`channel\`);`);

    this.addSql(`create table \`referrer_day\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`host\` text not null, \`views\` integer not null default 0, constraint \`referrer_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`referrer_day_fundraiser_id_index\` on \`referrer_day\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`referrer_day_fundraiser_id_day_host_unique\` on \`referrer_day\` (\`fundraiser_id\`, \`day\`, \`host\`);`);

    this.addSql(`create table \`visitor_seen\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`visitor_hash\` text not null, constraint \`visitor_seen_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`visitor_seen_fundraiser_id_index\` on \`visitor_seen\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`visitor_seen_day_index\` on \`visitor_seen\` (\`day\`);`);
    this.addSql(`create unique index \`visitor_seen_fundraiser_id_day_visitor_hash_unique\` on \`visitor_seen\` (\`fundraiser_id\`, \`day\`, \`visitor_hash\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`analytics_salt\`;`);
    this.addSql(`drop table if exists \`traffic_hour\`;`);
    this.addSql(`drop table if exists \`share_hour\`;`);
    this.addSql(`drop table if exists \`referrer_day\`;`);
    this.addSql(`drop table if exists \`visitor_seen\`;`);
  }

}
