import { Migration } from '@mikro-orm/migrations';

/**
 * Donations bound to the browser session that started them; refunds of duplicate payments;
 * outbox mail queued inside a transaction and composed after it (the receipt e-mail).
 */
export class Migration20261123125005_donation_binding_refunds_queued_mail extends Migration {

  override name = 'Migration20261123125005_donation_binding_refunds_queued_mail';

  override up(): void | Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`outbox_mail__temp_alter\` (\`id\` integer not null primary key autoincrement, \`to\` text not null, \`reply_to\` text null, \`subject\` text not null, \`text\` text not null, \`html\` text null, \`sensitive\` integer not null default false, \`attachments\` json null, \`status\` text check (\`status\` in ('QUEUED', 'PENDING', 'SENT', 'FAILED', 'LOGGED')) not null default 'PENDING', \`kind\` text null, \`ref\` text null, \`attempts\` integer not null default 0, \`last_error\` text null, \`message_id\` text null, \`created_at\` datetime not null, \`sent_at\` datetime null);`);
    this.addSql(`insert into \`outbox_mail__temp_alter\` select \`id\`, \`to\`, \`reply_to\`, \`subject\`, \`text\`, \`html\`, \`sensitive\`, \`attachments\`, \`status\`, null as \`kind\`, null as \`ref\`, \`attempts\`, \`last_error\`, \`message_id\`, \`created_at\`, \`sent_at\` from \`outbox_mail\`;`);
    this.addSql(`drop table \`outbox_mail\`;`);
    this.addSql(`alter table \`outbox_mail__temp_alter\` rename to \`outbox_mail\`;`);
    this.addSql(`create index \`outbox_mail_status_index\` on \`outbox_mail\` (\`status\`);`);
    this.addSql(`pragma foreign_keys = on;`);

    this.addSql(`alter table \`donation\` add column \`creator_session\` text null;`);

    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`payment__temp_alter\` (\`id\` integer not null primary key autoincrement, \`donation_id\` integer not null, \`method\` text check (\`method\` in ('STRIPE', 'PAYPAL')) not null, \`sandbox\` integer not null default false, \`provider_ref\` text not null, \`status\` text check (\`status\` in ('STARTED', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'REFUNDED')) not null default 'STARTED', \`client_secret\` text null, \`redirect_url\` text null, \`transaction_id\` text null, \`refund_reason\` text check (\`refund_reason\` in ('DUPLICATE')) null, \`refund_id\` text null, \`sandbox_outcome\` text check (\`sandbox_outcome\` in ('succeeded', 'failed', 'cancelled')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payment_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on delete restrict);`);
    this.addSql(`insert into \`payment__temp_alter\` select \`id\`, \`donation_id\`, \`method\`, \`sandbox\`, \`provider_ref\`, \`status\`, \`client_secret\`, \`redirect_url\`, \`transaction_id\`, null as \`refund_reason\`, null as \`refund_id\`, \`sandbox_outcome\`, \`created_at\`, \`updated_at\` from \`payment\`;`);
    this.addSql(`drop table \`payment\`;`);
    this.addSql(`alter table \`payment__temp_alter\` rename to \`payment\`;`);
    this.addSql(`create index \`payment_donation_id_index\` on \`payment\` (\`donation_id\`);`);
    this.addSql(`create unique index \`payment_provider_ref_unique\` on \`payment\` (\`provider_ref\`);`);
    this.addSql(`create index \`payment_transaction_id_index\` on \`payment\` (\`transaction_id\`);`);
    this.addSql(`create index \`payment_status_created_at_index\` on \`payment\` (\`status\`, \`created_at\`);`);
    this.addSql(`create unique index \`payment_donation_id_method_unique\` on \`payment\` (\`donation_id\`, \`method\`);`);
    this.addSql(`pragma foreign_keys = on;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`donation\` drop column \`creator_session\`;`);


    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`outbox_mail__temp_alter\` (\`id\` integer not null primary key autoincrement, \`to\` TEXT not null, \`reply_to\` TEXT null, \`subject\` TEXT not null, \`text\` TEXT not null, \`html\` TEXT null, \`status\` TEXT check (\`status\` in ('PENDING', 'SENT', 'FAILED', 'LOGGED')) not null default 'PENDING', \`attempts\` INTEGER not null default 0, \`last_error\` TEXT null, \`message_id\` TEXT null, \`created_at\` datetime not null, \`sent_at\` datetime null, \`sensitive\` INTEGER not null default false, \`attachments\` json null);`);
    this.addSql(`insert into \`outbox_mail__temp_alter\` select \`id\`, \`to\`, \`reply_to\`, \`subject\`, \`text\`, \`html\`, \`status\`, \`attempts\`, \`last_error\`, \`message_id\`, \`created_at\`, \`sent_at\`, \`sensitive\`, \`attachments\` from \`outbox_mail\`;`);
    this.addSql(`drop table \`outbox_mail\`;`);
    this.addSql(`alter table \`outbox_mail__temp_alter\` rename to \`outbox_mail\`;`);
    this.addSql(`create index \`outbox_mail_status_index\` on \`outbox_mail\` (\`status\`);`);
    this.addSql(`pragma foreign_keys = on;`);

    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`payment__temp_alter\` (\`id\` integer not null primary key autoincrement, \`donation_id\` INTEGER not null, \`method\` TEXT check (\`method\` in ('STRIPE', 'PAYPAL')) not null, \`sandbox\` INTEGER not null default false, \`provider_ref\` TEXT not null, \`status\` TEXT check (\`status\` in ('STARTED', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'REFUNDED')) not null default 'STARTED', \`client_secret\` TEXT null, \`redirect_url\` TEXT null, \`transaction_id\` TEXT null, \`sandbox_outcome\` TEXT check (\`sandbox_outcome\` in ('succeeded', 'failed', 'cancelled')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payment_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on update no action on delete restrict);`);
    this.addSql(`insert into \`payment__temp_alter\` select \`id\`, \`donation_id\`, \`method\`, \`sandbox\`, \`provider_ref\`, \`status\`, \`client_secret\`, \`redirect_url\`, \`transaction_id\`, \`sandbox_outcome\`, \`created_at\`, \`updated_at\` from \`payment\`;`);
    this.addSql(`drop table \`payment\`;`);
    this.addSql(`alter table \`payment__temp_alter\` rename to \`payment\`;`);
    this.addSql(`create unique index \`payment_donation_id_method_unique\` on \`payment\` (\`donation_id\`, \`method\`);`);
    this.addSql(`create index \`payment_status_created_at_index\` on \`payment\` (\`status\`, \`created_at\`);`);
    this.addSql(`create index \`payment_transaction_id_index\` on \`payment\` (\`transaction_id\`);`);
    this.addSql(`create unique index \`payment_provider_ref_unique\` on \`payment\` (\`provider_ref\`);`);
    this.addSql(`create index \`payment_donation_id_index\` on \`payment\` (\`donation_id\`);`);
    this.addSql(`pragma foreign_keys = on;`);
  }

}
