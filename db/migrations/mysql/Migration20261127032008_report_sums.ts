import { Migration } from '@mikro-orm/migrations';

/** What reports read: donations summed by hour, by day, by channel and by payment method (with those already made); where each donor came from, and whether the organisers may contact them. */
export class Migration20261127032008_report_sums extends Migration {

  override name = 'Migration20261127032008_report_sums';

  override up(): void | Promise<void> {
    this.addSql(`create table \`donation_method_day\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`day\` varchar(10) not null, \`method\` varchar(20) not null, \`currency\` enum('USD','ETB') not null, \`donations\` int not null default 0, \`amount_minor\` bigint not null default '0') default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`donation_method_day\` add index \`donation_method_day_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`donation_method_day\` add unique \`donation_method_day_fundraiser_id_day_method_currency_unique\` (\`fundraiser_id\`, \`day\`, \`method\`, \`currency\`);`);
    this.addSql(`create table \`donation_hour\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`hour\` datetime not null, \`currency\` enum('USD','ETB') not null, \`donations\` int not null default 0, \`amount_minor\` bigint not null default '0', \`donors\` int not null default 0, \`largest_minor\` bigint not null default '0') default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`donation_hour\` add index \`donation_hour_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`donation_hour\` add unique \`donation_hour_fundraiser_id_hour_currency_unique\` (\`fundraiser_id\`, \`hour\`, \`currency\`);`);
    this.addSql(`create table \`donation_day\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`day\` varchar(10) not null, \`currency\` enum('USD','ETB') not null, \`donations\` int not null default 0, \`amount_minor\` bigint not null default '0', \`donors\` int not null default 0, \`largest_minor\` bigint not null default '0') default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`donation_day\` add index \`donation_day_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`donation_day\` add unique \`donation_day_fundraiser_id_day_currency_unique\` (\`fundraiser_id\`, \`day\`, \`currency\`);`);
    this.addSql(`create table \`donation_channel_day\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`day\` varchar(10) not null, \`channel\` enum('telegram','whatsapp','facebook','x','email','copy','direct') not null, \`currency\` enum('USD','ETB') not null, \`donations\` int not null default 0, \`amount_minor\` bigint not null default '0') default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`donation_channel_day\` add index \`donation_channel_day_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`donation_channel_day\` add unique \`donation_channel_day_fundraiser_id_day_channel_currency_unique\` (\`fundraiser_id\`, \`day\`, \`channel\`, \`currency\`);`);
    this.addSql(`alter table \`donation\` add \`channel\` enum('telegram','whatsapp','facebook','x','email','copy','direct') not null default 'direct', add \`may_contact\` tinyint(1) not null default false;`);
    this.addSql(`alter table \`donation\` add index \`donation_fundraiser_id_donor_email_status_index\` (\`fundraiser_id\`, \`donor_email\`, \`status\`);`);
    this.addSql(`alter table \`donation_method_day\` add constraint \`donation_method_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`donation_hour\` add constraint \`donation_hour_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`donation_day\` add constraint \`donation_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`donation_channel_day\` add constraint \`donation_channel_day_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);

    // The sums of the donations already made.
    const firstGift = `case when exists (select 1 from \`donation\` e where e.\`fundraiser_id\` = d.\`fundraiser_id\` and e.\`donor_email\` = d.\`donor_email\` and e.\`status\` = 'SUCCEEDED'
      and (e.\`succeeded_at\` < d.\`succeeded_at\` or (e.\`succeeded_at\` = d.\`succeeded_at\` and e.\`id\` < d.\`id\`))) then 0 else 1 end`;
    const hour = "date_format(d.`succeeded_at`, '%Y-%m-%d %H:00:00')";
    const day = "date_format(date_add(d.`succeeded_at`, interval 3 hour), '%Y-%m-%d')";
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
    this.addSql(`alter table \`donation\` drop index \`donation_fundraiser_id_donor_email_status_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`channel\`, drop column \`may_contact\`;`);
  }

}
