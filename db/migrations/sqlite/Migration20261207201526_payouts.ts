import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts: where a fundraiser's money goes (one account per fundraiser, held 48 hours after
 * each change), each withdrawal with the account it was asked for, and each approver's yes
 * (one per person). The balance is derived from these and the donations (docs/adr/0021).
 */
export class Migration20261207201526_payouts extends Migration {

  override name = 'Migration20261207201526_payouts';

  override up(): void | Promise<void> {
    this.addSql(`create table \`payout_method\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`bank_code\` text not null, \`bank_name\` text not null, \`account_number\` text not null, \`account_name\` text not null, \`set_by_id\` integer not null, \`set_at\` datetime not null, \`held_until\` datetime not null, constraint \`payout_method_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict, constraint \`payout_method_set_by_id_foreign\` foreign key (\`set_by_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`payout_method_fundraiser_id_index\` on \`payout_method\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`payout_method_fundraiser_id_unique\` on \`payout_method\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`payout_method_set_by_id_index\` on \`payout_method\` (\`set_by_id\`);`);

    this.addSql(`create table \`payout\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`amount_minor\` bigint not null, \`status\` text check (\`status\` in ('REQUESTED', 'APPROVED', 'PROCESSING', 'PAID', 'FAILED', 'REVERSED', 'REJECTED', 'CANCELLED')) not null default 'REQUESTED', \`requested_by_id\` integer not null, \`reference\` text not null, \`bank_code\` text not null, \`bank_name\` text not null, \`account_number\` text not null, \`account_name\` text not null, \`reason\` text null, \`chapa_reference\` text null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`approved_at\` datetime null, \`sent_at\` datetime null, \`settled_at\` datetime null, constraint \`payout_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict, constraint \`payout_requested_by_id_foreign\` foreign key (\`requested_by_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`payout_fundraiser_id_index\` on \`payout\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`payout_requested_by_id_index\` on \`payout\` (\`requested_by_id\`);`);
    this.addSql(`create unique index \`payout_reference_unique\` on \`payout\` (\`reference\`);`);
    this.addSql(`create index \`payout_fundraiser_id_status_index\` on \`payout\` (\`fundraiser_id\`, \`status\`);`);
    this.addSql(`create index \`payout_status_updated_at_index\` on \`payout\` (\`status\`, \`updated_at\`);`);

    this.addSql(`create table \`payout_approval\` (\`id\` integer not null primary key autoincrement, \`payout_id\` integer not null, \`approver_id\` integer not null, \`as_admin\` integer not null, \`at\` datetime not null, constraint \`payout_approval_payout_id_foreign\` foreign key (\`payout_id\`) references \`payout\` (\`id\`) on delete cascade, constraint \`payout_approval_approver_id_foreign\` foreign key (\`approver_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`payout_approval_payout_id_index\` on \`payout_approval\` (\`payout_id\`);`);
    this.addSql(`create index \`payout_approval_approver_id_index\` on \`payout_approval\` (\`approver_id\`);`);
    this.addSql(`create unique index \`payout_approval_payout_id_approver_id_unique\` on \`payout_approval\` (\`payout_id\`, \`approver_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`payout_approval\`;`);
    this.addSql(`drop table if exists \`payout\`;`);
    this.addSql(`drop table if exists \`payout_method\`;`);
  }

}
