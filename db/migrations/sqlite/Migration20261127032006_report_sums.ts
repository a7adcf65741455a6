import { Migration } from '@mikro-orm/migrations';

/** What reports read: donations summed by hour, by day, by channel and by payment method (with those already made); where each donor came from, and whether the organisers may contact them. */
export class Migration20261127032006_report_sums extends Migration {

  override name = 'Migration20261127032006_report_sums';

  override up(): void | Promise<void> {
    this.addSql(`create table \`donation_method_day\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`method\` text not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`donations\` integer not null default 0, \`amount_minor\` bigint not null default '0', constraint \`donation_method_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`donation_method_day_fundraiser_id_index\` on \`donation_method_day\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`donation_method_day_fundraiser_id_day_method_currency_unique\` on \`donation_method_day\` (\`fundraiser_id\`, \`day\`, \`method\`, \`currency\`);`);
    this.addSql(`create table \`donation_hour\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`hour\` datetime not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`donations\` integer not null default 0, \`amount_minor\` bigint not null default '0', \`donors\` integer not null default 0, \`largest_minor\` bigint not null default '0', constraint \`donation_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`donation_hour_fundraiser_id_index\` on \`donation_hour\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`donation_hour_fundraiser_id_hour_currency_unique\` on \`donation_hour\` (\`fundraiser_id\`, \`hour\`, \`currency\`);`);
    this.addSql(`create table \`donation_day\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`donations\` integer not null default 0, \`amount_minor\` bigint not null default '0', \`donors\` integer not null default 0, \`largest_minor\` bigint not null default '0', constraint \`donation_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`donation_day_fundraiser_id_index\` on \`donation_day\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`donation_day_fundraiser_id_day_currency_unique\` on \`donation_day\` (\`fundraiser_id\`, \`day\`, \`currency\`);`);
    this.addSql(`create table \`donation_channel_day\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`channel\` text check (\`channel\` in ('telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy', 'direct')) not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`donations\` integer not null default 0, \`amount_minor\` bigint not null default '0', constraint \`donation_channel_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`donation_channel_day_fundraiser_id_index\` on \`donation_channel_day\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`donation_channel_day_fundraiser_id_day_channel_currency_unique\` on \`donation_channel_day\` (\`fundraiser_id\`, \`day\`, \`channel\`, \`currency\`);`);

    this.addSql(`alter table \`donation\` add column \`channel\` text check (\`channel\` in ('telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy', 'direct')) not null default 'direct';`);
    this.addSql(`alter table \`donation\` add column \`may_contact\` integer not null default false;`);
    this.addSql(`create index \`donation_fundraiser_id_donor_email_status_index\` on \`donation\` (\`fundraiser_id\`, \`donor_email\`, \`status\`);`);

    // The sums of the donations already made (SQLite keeps a datetime as milliseconds since 1970).
    const firstGift = `case when exists (select 1 from \`donation\` e where e.\`fundraiser_id\` = d.\`fundraiser_id\` and e.\`donor_email\` = d.\`donor_email\` and e.\`status\` = 'SUCCEEDED'
      and (e.\`succeeded_at\` < d.\`succeeded_at\` or (e.\`succeeded_at\` = d.\`succeeded_at\` and e.\`id\` < d.\`id\`))) then 0 else 1 end`;
    const hour = '(d.`succeeded_at` / 3600000) * 3600000';
    const day = "strftime('%Y-%m-%d', (d.`succeeded_at` + 10800000) / 1000, 'unixepoch')";
    const counted = "from `donation` d where d.`status` = 'SUCCEEDED' and d.`succeeded_at` is not null";
    this.addSql(`insert into \`donation_hour\` (\`fundraiser_id\`, \`hour\`, \`currency\`, \`donations\`, \`amount_minor\`, \`donors\`, \`largest_minor\`)
      select d.\`fundraiser_id\`, ${hour}, d.\`currency\`, count(*), sum(d.\`amount_minor\`), sum(${firstGift}), max(d.\`amount_minor\`) ${counted} group by d.\`fundraiser_id\`, ${hour}, d.\`currency\`;`);
    this.addSql(`insert into \`donation_day\` (\`fundraiser_id\`, \`day\`, \`currency\`, \`donations\`, \`amount_minor\`, \`donors\`, \`largest_minor\`)
      select d.\`fundraiser_id\`, ${day}, d.\`currency\`, count(*), sum(d.\`amount_minor\`), sum(${firstGift}), max(d.\`amount_minor\`) ${counted} group by d.\`fundraiser_id\`, ${day}, d.\`currency\`;`);
    this.addSql(`insert into \`donation_channel_day\` (\`fundraiser_id\`, \`day\`, \`channel\`, \`currency\`, \`donations\`, \`amount_minor\`)
      select d.\`fundraiser_id\`, ${day}, 'direct', d.\`currency\`, count(*), sum(d.\`amount_minor\`) ${counted} group by d.\`fundraiser_id\`, ${day}, d.\`currency\`;`);
    this.addSql(`insert into \`donation_method_day\` (\`fundraiser_id\`, \`day\`, \`method\`, \`currency\`, \`donations\`, \`amount_minor\`)
      select d.\`fundraiser_id\`, ${day}, coalesce(d.\`payment_method\`, 'NONE'), d.\`currency\`, count(*), sum(d.\`amount_minor\`) ${counted} group by d.\`fundraiser_id\`, ${day}, coalesce(d.\`payment_method\`, 'NONE'), d.\`currency\`;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`donation_method_day\`;`);
    this.addSql(`drop table if exists \`donation_hour\`;`);
    this.addSql(`drop table if exists \`donation_day\`;`);
    this.addSql(`drop table if exists \`donation_channel_day\`;`);
    this.addSql(`drop index \`donation_fundraiser_id_donor_email_status_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`channel\`;`);
    this.addSql(`alter table \`donation\` drop column \`may_contact\`;`);
  }

}
