import { Migration } from '@mikro-orm/migrations';

/** Organisers and admins may hide a donor's words of support (kept, with who and why); they may be reported. */
export class Migration20261124002813_donation_message_hidden extends Migration {

  override name = 'Migration20261124002813_donation_message_hidden';

  override up(): void | Promise<void> {
    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`flag__temp_alter\` (\`id\` integer not null primary key autoincrement, \`target_type\` text check (\`target_type\` in ('COMMENT', 'FUNDRAISER', 'DONATION')) not null, \`target_id\` integer not null, \`reason\` text check (\`reason\` in ('SPAM', 'ABUSE', 'FRAUD', 'OTHER')) not null, \`details\` text null, \`reporter_id\` integer null, \`reporter_key\` text not null, \`created_at\` datetime not null, constraint \`flag_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`app_user\` (\`id\`) on delete set null);`);
    this.addSql(`insert into \`flag__temp_alter\` select \`id\`, \`target_type\`, \`target_id\`, \`reason\`, \`details\`, \`reporter_id\`, \`reporter_key\`, \`created_at\` from \`flag\`;`);
    this.addSql(`drop table \`flag\`;`);
    this.addSql(`alter table \`flag__temp_alter\` rename to \`flag\`;`);
    this.addSql(`create index \`flag_reporter_id_index\` on \`flag\` (\`reporter_id\`);`);
    this.addSql(`create unique index \`flag_target_type_target_id_reporter_key_unique\` on \`flag\` (\`target_type\`, \`target_id\`, \`reporter_key\`);`);
    this.addSql(`pragma foreign_keys = on;`);

    this.addSql(`alter table \`donation\` add column \`message_hidden_at\` datetime null;`);
    this.addSql(`alter table \`donation\` add column \`message_hidden_by_id\` integer null constraint \`donation_message_hidden_by_id_foreign\` references \`app_user\` (\`id\`) on delete set null;`);
    this.addSql(`alter table \`donation\` add column \`message_hidden_reason\` text null;`);
    this.addSql(`create index \`donation_message_hidden_by_id_index\` on \`donation\` (\`message_hidden_by_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`donation_message_hidden_by_id_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`message_hidden_at\`;`);
    this.addSql(`alter table \`donation\` drop column \`message_hidden_by_id\`;`);
    this.addSql(`alter table \`donation\` drop column \`message_hidden_reason\`;`);

    this.addSql(`pragma foreign_keys = off;`);
    this.addSql(`create table \`flag__temp_alter\` (\`id\` integer not null primary key autoincrement, \`target_type\` TEXT check (\`target_type\` in ('COMMENT', 'FUNDRAISER')) not null, \`target_id\` INTEGER not null, \`reason\` TEXT check (\`reason\` in ('SPAM', 'ABUSE', 'FRAUD', 'OTHER')) not null, \`details\` TEXT null, \`reporter_id\` INTEGER null, \`reporter_key\` TEXT not null, \`created_at\` datetime not null, constraint \`flag_reporter_id_foreign\` foreign key (\`reporter_id\`) references \`app_user\` (\`id\`) on update no action on delete set null);`);
    this.addSql(`insert into \`flag__temp_alter\` select \`id\`, \`target_type\`, \`target_id\`, \`reason\`, \`details\`, \`reporter_id\`, \`reporter_key\`, \`created_at\` from \`flag\`;`);
    this.addSql(`drop table \`flag\`;`);
    this.addSql(`alter table \`flag__temp_alter\` rename to \`flag\`;`);
    this.addSql(`create unique index \`flag_target_type_target_id_reporter_key_unique\` on \`flag\` (\`target_type\`, \`target_id\`, \`reporter_key\`);`);
    this.addSql(`create index \`flag_reporter_id_index\` on \`flag\` (\`reporter_id\`);`);
    this.addSql(`pragma foreign_keys = on;`);
  }

}
