import { Migration } from '@mikro-orm/migrations';

/** A payment's refund may be requested (the admin tools), claimed before the provider is asked. */
export class Migration20261123154334_payment_refund_requested extends Migration {

  override name = 'Migration20261123154334_payment_refund_requested';

  override up(): void | Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`payment__temp_alter\` (\`id\` integer not null primary key autoincrement, \`donation_id\` integer not null, \`method\` text check (\`method\` in ('STRIPE', 'PAYPAL')) not null, \`sandbox\` integer not null default false, \`provider_ref\` text not null, \`status\` text check (\`status\` in ('STARTED', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'REFUNDED')) not null default 'STARTED', \`client_secret\` text null, \`redirect_url\` text null, \`transaction_id\` text null, \`refund_reason\` text check (\`refund_reason\` in ('DUPLICATE', 'REQUESTED')) null, \`refund_id\` text null, \`sandbox_outcome\` text check (\`sandbox_outcome\` in ('succeeded', 'failed', 'cancelled')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payment_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on delete restrict);`);
    this.addSql(`insert into \`payment__temp_alter\` select \`id\`, \`donation_id\`, \`method\`, \`sandbox\`, \`provider_ref\`, \`status\`, \`client_secret\`, \`redirect_url\`, \`transaction_id\`, \`refund_reason\`, \`refund_id\`, \`sandbox_outcome\`, \`created_at\`, \`updated_at\` from \`payment\`;`);
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
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`payment__temp_alter\` (\`id\` integer not null primary key autoincrement, \`donation_id\` INTEGER not null, \`method\` TEXT check (\`method\` in ('STRIPE', 'PAYPAL')) not null, \`sandbox\` INTEGER not null default false, \`provider_ref\` TEXT not null, \`status\` TEXT check (\`status\` in ('STARTED', 'SUCCEEDED', 'FAILED', 'CANCELLED', 'REFUNDED')) not null default 'STARTED', \`client_secret\` TEXT null, \`redirect_url\` TEXT null, \`transaction_id\` TEXT null, \`refund_reason\` TEXT check (\`refund_reason\` in ('DUPLICATE')) null, \`refund_id\` TEXT null, \`sandbox_outcome\` TEXT check (\`sandbox_outcome\` in ('succeeded', 'failed', 'cancelled')) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`payment_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on update no action on delete restrict);`);
    this.addSql(`insert into \`payment__temp_alter\` select \`id\`, \`donation_id\`, \`method\`, \`sandbox\`, \`provider_ref\`, \`status\`, \`client_secret\`, \`redirect_url\`, \`transaction_id\`, \`refund_reason\`, \`refund_id\`, \`sandbox_outcome\`, \`created_at\`, \`updated_at\` from \`payment\`;`);
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
