import { Migration } from '@mikro-orm/migrations';

/** What reports read: donations summed by hour and by day, channel and method; where each donor came from, and whether they may be contacted. */
export class Migration20261127025434_report_sums extends Migration {

  override name = 'Migration20261127025434_report_sums';

  override up(): void | Promise<void> {
    this.addSql(`create table \`donation_source_day\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`day\` text not null, \`channel\` text check (\`channel\` in ('telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy', 'direct')) not null, \`method\` text not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`donations\` integer not null default 0, \`amount_minor\` bigint not null default '0', constraint \`donation_source_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`donation_source_day_fundraiser_id_index\` on \`donation_source_day\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`donation_source_day_fundraiser_id_day_channel_method_currency_unique\` on \`donation_source_day\` (\`fundraiser_id\`, \`day\`, \`channel\`, \`method\`, \`currency\`);`);

    this.addSql(`create table \`donation_hour\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`hour\` datetime not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`donations\` integer not null default 0, \`amount_minor\` bigint not null default '0', \`donors\` integer not null default 0, \`largest_minor\` bigint not null default '0', constraint \`donation_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade);`);
    this.addSql(`create index \`donation_hour_fundraiser_id_index\` on \`donation_hour\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`donation_hour_fundraiser_id_hour_currency_unique\` on \`donation_hour\` (\`fundraiser_id\`, \`hour\`, \`currency\`);`);

    this.addSql(`alter table \`donation\` add column \`channel\` text check (\`channel\` in ('telegram', 'whatsapp', 'facebook', 'x', 'email', 'copy', 'direct')) not null default 'direct';`);
    this.addSql(`alter table \`donation\` add column \`may_contact\` integer not null default false;`);
    this.addSql(`create index \`donation_fundraiser_id_donor_email_status_index\` on \`donation\` (\`fundraiser_id\`, \`donor_email\`, \`status\`);`);

    // The sums of the donations already made (dates are stored as milliseconds since 1970).
    this.addSql(`insert into \`donation_hour\` (\`fundraiser_id\`, \`hour\`, \`currency\`, \`donations\`, \`amount_minor\`, \`donors\`, \`largest_minor\`)
      select d.\`fundraiser_id\`, (d.\`succeeded_at\` / 3600000) * 3600000, d.\`currency\`, count(*), sum(d.\`amount_minor\`),
        sum(case when exists (select 1 from \`donation\` e where e.\`fundraiser_id\` = d.\`fundraiser_id\` and e.\`donor_email\` = d.\`donor_email\` and e.\`status\` = 'SUCCEEDED'
          and (e.\`succeeded_at\` < d.\`succeeded_at\` or (e.\`succeeded_at\` = d.\`succeeded_at\` and e.\`id\` < d.\`id\`))) then 0 else 1 end),
        max(d.\`amount_minor\`)
      from \`donation\` d where d.\`status\` = 'SUCCEEDED' and d.\`succeeded_at\` is not null
      group by d.\`fundraiser_id\`, (d.\`succeeded_at\` / 3600000) * 3600000, d.\`currency\`;`);
    this.addSql(`insert into \`donation_source_day\` (\`fundraiser_id\`, \`day\`, \`channel\`, \`method\`, \`currency\`, \`donations\`, \`amount_minor\`)
      select \`fundraiser_id\`, strftime('%Y-%m-%d', (\`succeeded_at\` + 10800000) / 1000, 'unixepoch'), 'direct', coalesce(\`payment_method\`, 'NONE'), \`currency\`, count(*), sum(\`amount_minor\`)
      from \`donation\` where \`status\` = 'SUCCEEDED' and \`succeeded_at\` is not null
      group by 1, 2, 4, 5;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`donation_source_day\`;`);
    this.addSql(`drop table if exists \`donation_hour\`;`);

    this.addSql(`drop index \`donation_fundraiser_id_donor_email_status_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`channel\`;`);
    this.addSql(`alter table \`donation\` drop column \`may_contact\`;`);
  }

}
