import { Migration } from '@mikro-orm/migrations';

/** Donations and the payments that settle them, with each provider event kept once (modules/donations, modules/payments). */
export class Migration20261122020355_donations_and_payments extends Migration {

  override name = 'Migration20261122020355_donations_and_payments';

  override up(): void | Promise<void> {
    this.addSql(`create table \`payment_event\` (\`id\` integer not null primary key autoincrement, \`provider\` text check (\`provider\` in ('STRIPE', 'PAYPAL')) not null, \`event_id\` text not null, \`type\` text not null, \`received_at\` datetime not null);`);
    this.addSql(`create unique index \`payment_event_provider_event_id_unique\` on \`payment_event\` (\`provider\`, \`event_id\`);`);

    this.addSql(`create table \`donation\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`donor_id\` integer null, \`amount_minor\` integer not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`message\` text null, \`donor_name\` text null, \`donor_email\` text not null, \`status\` text check (\`status\` in ('PENDING', 'FAILED', 'CANCELLED', 'EXPIRED', 'SUCCEEDED', 'REFUNDED')) not null default 'PENDING', \`payment_method\` text check (\`payment_method\` in ('STRIPE', 'PAYPAL')) null, \`language\` text check (\`language\` in ('en', 'am')) not null default 'en', \`created_at\` datetime not null, \`updated_at\` datetime not null, \`succeeded_at\` datetime null, constraint \`donation_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict, constraint \`donation_donor_id_foreign\` foreign key (\`donor_id\`) references \`app_user\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`donation_fundraiser_id_index\` on \`donation\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`donation_donor_id_index\` on \`donation\` (\`donor_id\`);`);
    this.addSql(`create index \`donation_fundraiser_id_status_succeeded_at_index\` on \`donation\` (\`fundraiser_id\`, \`status\`, \`succeeded_at\`);`);
    this.addSql(`create index \`donation_status_created_at_index\` on \`donation\` (\`status\`, \`created_at\`);`);

    this.addSql(`create table \`payment\` (\`id\` integer not null primary key autoincrement, \`donation_id\` integer not null, \`method\` text check (\`method\` in ('STRIPE', 'PAYPAL')) not null, \`sandbox\` integer not null default false, \`provider_ref\` text not null, \`status\` text check (\`status\` in ('STARTED', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'REFUNDED')) not null default 'STARTED', \`client_secret\` text null, \`redirect_url\` text null, \`transaction_id\` text null, \`sandbox_outcome\` text check (\`sandbox_outcome\` in ('succeeded', 'failed', 'cancelled')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payment_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`payment_donation_id_index\` on \`payment\` (\`donation_id\`);`);
    this.addSql(`create unique index \`payment_provider_ref_unique\` on \`payment\` (\`provider_ref\`);`);
    this.addSql(`create index \`payment_transaction_id_index\` on \`payment\` (\`transaction_id\`);`);
    this.addSql(`create index \`payment_status_created_at_index\` on \`payment\` (\`status\`, \`created_at\`);`);
    this.addSql(`create unique index \`payment_donation_id_method_unique\` on \`payment\` (\`donation_id\`, \`method\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`payment_event\`;`);
    this.addSql(`drop table if exists \`donation\`;`);
    this.addSql(`drop table if exists \`payment\`;`);
  }

}
