import { Migration } from '@mikro-orm/migrations';

/**
 * Payouts: where a fundraiser's money goes (one account per fundraiser, held 48 hours after
 * each change), each withdrawal with the account it was asked for, and each approver's yes
 * (one per person). The balance is derived from these and the donations (docs/adr/0021).
 */
export class Migration20261207201533_payouts extends Migration {

  override name = 'Migration20261207201533_payouts';

  override up(): void | Promise<void> {
    this.addSql(`create table \`payout_method\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`bank_code\` varchar(40) not null, \`bank_name\` varchar(120) not null, \`account_number\` varchar(40) not null, \`account_name\` varchar(120) not null, \`set_by_id\` int unsigned not null, \`set_at\` datetime not null, \`held_until\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`payout_method\` add index \`payout_method_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`payout_method\` add unique \`payout_method_fundraiser_id_unique\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`payout_method\` add index \`payout_method_set_by_id_index\` (\`set_by_id\`);`);

    this.addSql(`create table \`payout\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`currency\` enum('USD','ETB') not null, \`amount_minor\` bigint not null, \`status\` enum('REQUESTED','APPROVED','PROCESSING','PAID','FAILED','REVERSED','REJECTED','CANCELLED') not null default 'REQUESTED', \`requested_by_id\` int unsigned not null, \`reference\` varchar(60) not null, \`bank_code\` varchar(40) not null, \`bank_name\` varchar(120) not null, \`account_number\` varchar(40) not null, \`account_name\` varchar(120) not null, \`reason\` varchar(500) null, \`chapa_reference\` varchar(120) null, \`created_at\` datetime not null, \`updated_at\` datetime not null, \`approved_at\` datetime null, \`sent_at\` datetime null, \`settled_at\` datetime null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`payout\` add index \`payout_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`payout\` add index \`payout_requested_by_id_index\` (\`requested_by_id\`);`);
    this.addSql(`alter table \`payout\` add unique \`payout_reference_unique\` (\`reference\`);`);
    this.addSql(`alter table \`payout\` add index \`payout_fundraiser_id_status_index\` (\`fundraiser_id\`, \`status\`);`);
    this.addSql(`alter table \`payout\` add index \`payout_status_updated_at_index\` (\`status\`, \`updated_at\`);`);

    this.addSql(`create table \`payout_approval\` (\`id\` int unsigned not null auto_increment primary key, \`payout_id\` int unsigned not null, \`approver_id\` int unsigned not null, \`as_admin\` tinyint(1) not null, \`at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`payout_approval\` add index \`payout_approval_payout_id_index\` (\`payout_id\`);`);
    this.addSql(`alter table \`payout_approval\` add index \`payout_approval_approver_id_index\` (\`approver_id\`);`);
    this.addSql(`alter table \`payout_approval\` add unique \`payout_approval_payout_id_approver_id_unique\` (\`payout_id\`, \`approver_id\`);`);

    this.addSql(`alter table \`payout_method\` add constraint \`payout_method_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict;`);
    this.addSql(`alter table \`payout_method\` add constraint \`payout_method_set_by_id_foreign\` foreign key (\`set_by_id\`) references \`app_user\` (\`id\`) on delete restrict;`);

    this.addSql(`alter table \`payout\` add constraint \`payout_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete restrict;`);
    this.addSql(`alter table \`payout\` add constraint \`payout_requested_by_id_foreign\` foreign key (\`requested_by_id\`) references \`app_user\` (\`id\`) on delete restrict;`);

    this.addSql(`alter table \`payout_approval\` add constraint \`payout_approval_payout_id_foreign\` foreign key (\`payout_id\`) references \`payout\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`payout_approval\` add constraint \`payout_approval_approver_id_foreign\` foreign key (\`approver_id\`) references \`app_user\` (\`id\`) on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`payout_approval\`;`);
    this.addSql(`drop table if exists \`payout\`;`);
    this.addSql(`drop table if exists \`payout_method\`;`);
  }

}
