import { Migration } from '@mikro-orm/migrations';

/** Donations and the payments that settle them, with each provider event kept once (modules/donations, modules/payments). */
export class Migration20261122020355_donations_and_payments extends Migration {

  override name = 'Migration20261122020355_donations_and_payments';

  override up(): void | Promise<void> {
    this.addSql(`create table \`payment_event\` (\`id\` int unsigned not null auto_increment primary key, \`provider\` enum('STRIPE','PAYPAL') not null, \`event_id\` varchar(255) not null, \`type\` varchar(100) not null, \`received_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`payment_event\` add unique \`payment_event_provider_event_id_unique\` (\`provider\`, \`event_id\`);`);

    this.addSql(`create table \`donation\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`donor_id\` int unsigned null, \`amount_minor\` int not null, \`currency\` enum('USD','ETB') not null, \`message\` text null, \`donor_name\` varchar(100) null, \`donor_email\` varchar(254) not null, \`status\` enum('PENDING','FAILED','CANCELLED','EXPIRED','SUCCEEDED','REFUNDED') not null default 'PENDING', \`payment_method\` enum('STRIPE','PAYPAL') null, \`language\` enum('en','am') not null default 'en', \`created_at\` datetime not null, \`updated_at\` datetime not null, \`succeeded_at\` datetime null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`donation\` add index \`donation_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`donation\` add index \`donation_donor_id_index\` (\`donor_id\`);`);
    this.addSql(`alter table \`donation\` add index \`donation_fundraiser_id_status_succeeded_at_index\` (\`fundraiser_id\`, \`status\`, \`succeeded_at\`);`);
    this.addSql(`alter table \`donation\` add index \`donation_status_created_at_index\` (\`status\`, \`created_at\`);`);

    this.addSql(`create table \`payment\` (\`id\` int unsigned not null auto_increment primary key, \`donation_id\` int unsigned not null, \`method\` enum('STRIPE','PAYPAL') not null, \`sandbox\` tinyint(1) not null default false, \`provider_ref\` varchar(255) not null, \`status\` enum('STARTED','SUCCEEDED','FAILED','CANCELLED','REFUNDED') not null default 'STARTED', \`client_secret\` varchar(255) null, \`redirect_url\` varchar(2048) null, \`transaction_id\` varchar(255) null, \`sandbox_outcome\` enum('succeeded','failed','cancelled') null, \`created_at\` datetime not null, \`updated_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`payment\` add index \`payment_donation_id_index\` (\`donation_id\`);`);
    this.addSql(`alter table \`payment\` add unique \`payment_provider_ref_unique\` (\`provider_ref\`);`);
    this.addSql(`alter table \`payment\` add index \`payment_transaction_id_index\` (\`transaction_id\`);`);
    this.addSql(`alter table \`payment\` add index \`payment_status_created_at_index\` (\`status\`, \`created_at\`);`);
    this.addSql(`alter table \`payment\` add unique \`payment_donation_id_method_unique\` (\`donation_id\`, \`method\`);`);

    this.addSql(`alter table \`donation\` add constraint \`donation_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict;`);
    this.addSql(`alter table \`donation\` add constraint \`donation_donor_id_foreign\` foreign key (\`donor_id\`) references \`app_user\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`payment\` add constraint \`payment_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`payment\` drop foreign key \`payment_donation_id_foreign\`;`);

    this.addSql(`drop table if exists \`payment_event\`;`);
    this.addSql(`drop table if exists \`donation\`;`);
    this.addSql(`drop table if exists \`payment\`;`);
  }

}
