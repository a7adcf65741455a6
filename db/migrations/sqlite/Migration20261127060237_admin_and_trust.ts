import { Migration } from '@mikro-orm/migrations';

/** The admin side: the append-only audit log, refund-all runs, site builds, disabled accounts, verified fundraisers, and flags a moderator resolved. */
export class Migration20261127060237_admin_and_trust extends Migration {

  override name = 'Migration20261127060237_admin_and_trust';

  override up(): void | Promise<void> {
    this.addSql(`create table \`audit_event\` (\`id\` integer not null primary key autoincrement, \`at\` datetime not null, \`actor_id\` integer not null, \`actor_email\` text not null, \`action\` text not null, \`target_type\` text not null, \`target_id\` integer null, \`target_label\` text not null, \`reason\` text null, \`ip\` text not null, \`outcome\` text not null, \`data\` json null);`);
    this.addSql(`create index \`audit_event_at_index\` on \`audit_event\` (\`at\`);`);
    this.addSql(`create index \`audit_event_target_type_target_id_at_index\` on \`audit_event\` (\`target_type\`, \`target_id\`, \`at\`);`);
    this.addSql(`create index \`audit_event_actor_id_at_index\` on \`audit_event\` (\`actor_id\`, \`at\`);`);
    this.addSql(`create index \`audit_event_action_at_index\` on \`audit_event\` (\`action\`, \`at\`);`);

    this.addSql(`create table \`refund_run\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`requested_by\` integer not null, \`reason\` text not null, \`status\` text check (\`status\` in ('RUNNING', 'DONE')) not null default 'RUNNING', \`open_marker\` integer null, \`cursor\` integer not null default 0, \`refunded\` integer not null default 0, \`failed\` integer not null default 0, \`last_error\` text null, \`created_at\` datetime not null, \`finished_at\` datetime null);`);
    this.addSql(`create index \`refund_run_fundraiser_id_index\` on \`refund_run\` (\`fundraiser_id\`);`);
    this.addSql(`create unique index \`refund_run_fundraiser_id_open_marker_unique\` on \`refund_run\` (\`fundraiser_id\`, \`open_marker\`);`);

    this.addSql(`create table \`site_build\` (\`id\` integer not null primary key autoincrement, \`started_at\` datetime not null, \`duration_ms\` integer not null, \`trigger\` text check (\`trigger\` in ('START', 'SCHEDULE', 'CHANGE', 'ADMIN')) not null, \`result\` text check (\`result\` in ('BUILT', 'FAILED')) not null, \`build_id\` text null, \`error\` text null, \`host\` text not null);`);
    this.addSql(`create index \`site_build_started_at_index\` on \`site_build\` (\`started_at\`);`);

    this.addSql(`alter table \`app_user\` add column \`disabled_at\` datetime null;`);
    this.addSql(`alter table \`app_user\` add column \`disabled_reason\` text null;`);

    this.addSql(`alter table \`fundraiser\` add column \`verified_at\` datetime null;`);
    this.addSql(`alter table \`fundraiser\` add column \`verified_note\` text null;`);

    this.addSql(`alter table \`flag\` add column \`status\` text check (\`status\` in ('OPEN', 'RESOLVED')) not null default 'OPEN';`);
    this.addSql(`alter table \`flag\` add column \`resolution\` text check (\`resolution\` in ('DISMISSED', 'COMMENT_HIDDEN', 'FUNDRAISER_SUSPENDED')) null;`);
    this.addSql(`alter table \`flag\` add column \`resolution_note\` text null;`);
    this.addSql(`alter table \`flag\` add column \`resolved_by\` integer null;`);
    this.addSql(`alter table \`flag\` add column \`resolved_at\` datetime null;`);
    this.addSql(`create index \`flag_status_created_at_index\` on \`flag\` (\`status\`, \`created_at\`);`);
    this.addSql(`create index \`flag_target_type_target_id_status_index\` on \`flag\` (\`target_type\`, \`target_id\`, \`status\`);`);

    // Append-only: no statement, whoever sends it, edits or removes what an admin did.
    this.addSql(`create trigger \`audit_event_no_update\` before update on \`audit_event\` begin select raise(abort, 'the audit log is append-only'); end;`);
    this.addSql(`create trigger \`audit_event_no_delete\` before delete on \`audit_event\` begin select raise(abort, 'the audit log is append-only'); end;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`audit_event\`;`);
    this.addSql(`drop table if exists \`refund_run\`;`);
    this.addSql(`drop table if exists \`site_build\`;`);
    this.addSql(`alter table \`app_user\` drop column \`disabled_at\`;`);
    this.addSql(`alter table \`app_user\` drop column \`disabled_reason\`;`);
    this.addSql(`drop index \`flag_status_created_at_index\`;`);
    this.addSql(`drop index \`flag_target_type_target_id_status_index\`;`);
    for (const column of ['status', 'resolution', 'resolution_note', 'resolved_by', 'resolved_at']) this.addSql(`alter table \`flag\` drop column \`${column}\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`verified_at\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`verified_note\`;`);
  }

}
