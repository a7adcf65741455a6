import { Migration } from '@mikro-orm/migrations';

/** The admin side: the append-only audit log, refund-all runs, site builds, disabled accounts, verified fundraisers, and flags a moderator resolved. */
export class Migration20261127060239_admin_and_trust extends Migration {

  override name = 'Migration20261127060239_admin_and_trust';

  override up(): void | Promise<void> {
    this.addSql(`create table \`audit_event\` (\`id\` int unsigned not null auto_increment primary key, \`at\` datetime not null, \`actor_id\` int not null, \`actor_email\` varchar(254) not null, \`action\` varchar(60) not null, \`target_type\` varchar(30) not null, \`target_id\` int null, \`target_label\` varchar(255) not null, \`reason\` text null, \`ip\` varchar(64) not null, \`outcome\` varchar(20) not null, \`data\` json null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`audit_event\` add index \`audit_event_at_index\` (\`at\`);`);
    this.addSql(`alter table \`audit_event\` add index \`audit_event_target_type_target_id_at_index\` (\`target_type\`, \`target_id\`, \`at\`);`);
    this.addSql(`alter table \`audit_event\` add index \`audit_event_actor_id_at_index\` (\`actor_id\`, \`at\`);`);
    this.addSql(`alter table \`audit_event\` add index \`audit_event_action_at_index\` (\`action\`, \`at\`);`);

    this.addSql(`create table \`refund_run\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int not null, \`requested_by\` int not null, \`reason\` text not null, \`status\` enum('RUNNING','DONE') not null default 'RUNNING', \`open_marker\` int null, \`cursor\` int not null default 0, \`refunded\` int not null default 0, \`failed\` int not null default 0, \`last_error\` varchar(255) null, \`created_at\` datetime not null, \`finished_at\` datetime null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`refund_run\` add index \`refund_run_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`refund_run\` add unique \`refund_run_fundraiser_id_open_marker_unique\` (\`fundraiser_id\`, \`open_marker\`);`);

    this.addSql(`create table \`site_build\` (\`id\` int unsigned not null auto_increment primary key, \`started_at\` datetime not null, \`duration_ms\` int not null, \`trigger\` enum('START','SCHEDULE','CHANGE','ADMIN') not null, \`result\` enum('BUILT','FAILED') not null, \`build_id\` varchar(80) null, \`error\` varchar(500) null, \`host\` varchar(100) not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`site_build\` add index \`site_build_started_at_index\` (\`started_at\`);`);

    // Append-only: no statement, whoever sends it, edits or removes what an admin did.
    this.addSql(`create trigger \`audit_event_no_update\` before update on \`audit_event\` for each row signal sqlstate '45000' set message_text = 'the audit log is append-only';`);
    this.addSql(`create trigger \`audit_event_no_delete\` before delete on \`audit_event\` for each row signal sqlstate '45000' set message_text = 'the audit log is append-only';`);

    this.addSql(`alter table \`app_user\` add \`disabled_at\` datetime null, add \`disabled_reason\` text null;`);

    this.addSql(`alter table \`fundraiser\` add \`verified_at\` datetime null, add \`verified_note\` varchar(200) null;`);

    this.addSql(`alter table \`flag\` add \`status\` enum('OPEN','RESOLVED') not null default 'OPEN', add \`resolution\` enum('DISMISSED','COMMENT_HIDDEN','FUNDRAISER_SUSPENDED') null, add \`resolution_note\` text null, add \`resolved_by\` int null, add \`resolved_at\` datetime null;`);
    this.addSql(`alter table \`flag\` add index \`flag_status_created_at_index\` (\`status\`, \`created_at\`);`);
    this.addSql(`alter table \`flag\` add index \`flag_target_type_target_id_status_index\` (\`target_type\`, \`target_id\`, \`status\`);`);

  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`audit_event\`;`);
    this.addSql(`drop table if exists \`refund_run\`;`);
    this.addSql(`drop table if exists \`site_build\`;`);
    this.addSql(`alter table \`app_user\` drop column \`disabled_at\`, drop column \`disabled_reason\`;`);
    this.addSql(`alter table \`flag\` drop index \`flag_status_created_at_index\`;`);
    this.addSql(`alter table \`flag\` drop index \`flag_target_type_target_id_status_index\`;`);
    this.addSql(`alter table \`flag\` drop column \`status\`, drop column \`resolution\`, drop column \`resolution_note\`, drop column \`resolved_by\`, drop column \`resolved_at\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`verified_at\`, drop column \`verified_note\`;`);
  }

}
