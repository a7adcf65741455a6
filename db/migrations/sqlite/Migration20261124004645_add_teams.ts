import { Migration } from '@mikro-orm/migrations';

/**
 * Teams raising for a fundraiser: members with referral codes, invitations by e-mail, credit
 * of donations made through a member's link; a fundraiser's switch that opens it to teams.
 */
export class Migration20261124004645_add_teams extends Migration {

  override name = 'Migration20261124004645_add_teams';

  override up(): void | Promise<void> {
    this.addSql(`create table \`team\` (\`id\` integer not null primary key autoincrement, \`fundraiser_id\` integer not null, \`name\` text not null, \`description\` text not null, \`goal_minor\` bigint null, \`creator_id\` integer not null, \`raised_minor\` bigint not null default '0', \`donation_count\` integer not null default 0, \`removed_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null, constraint \`team_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade, constraint \`team_creator_id_foreign\` foreign key (\`creator_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`team_fundraiser_id_index\` on \`team\` (\`fundraiser_id\`);`);
    this.addSql(`create index \`team_creator_id_index\` on \`team\` (\`creator_id\`);`);
    this.addSql(`create index \`team_fundraiser_id_removed_at_index\` on \`team\` (\`fundraiser_id\`, \`removed_at\`);`);

    this.addSql(`create table \`team_member\` (\`id\` integer not null primary key autoincrement, \`team_id\` integer not null, \`user_id\` integer not null, \`role\` text check (\`role\` in ('CAPTAIN', 'MEMBER', 'CO_ORGANISER')) not null, \`referral_code\` text not null, \`raised_minor\` bigint not null default '0', \`donation_count\` integer not null default 0, \`joined_at\` datetime not null, \`left_at\` datetime null, constraint \`team_member_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on delete cascade, constraint \`team_member_user_id_foreign\` foreign key (\`user_id\`) references \`app_user\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`team_member_team_id_index\` on \`team_member\` (\`team_id\`);`);
    this.addSql(`create index \`team_member_user_id_index\` on \`team_member\` (\`user_id\`);`);
    this.addSql(`create unique index \`team_member_referral_code_unique\` on \`team_member\` (\`referral_code\`);`);
    this.addSql(`create unique index \`team_member_team_id_user_id_unique\` on \`team_member\` (\`team_id\`, \`user_id\`);`);

    this.addSql(`create table \`team_invitation\` (\`id\` integer not null primary key autoincrement, \`team_id\` integer not null, \`email\` text not null, \`role\` text check (\`role\` in ('CAPTAIN', 'MEMBER', 'CO_ORGANISER')) not null, \`token_hash\` text not null, \`invited_by_id\` integer null, \`expires_at\` datetime not null, \`accepted_at\` datetime null, \`revoked_at\` datetime null, \`open_marker\` integer null, \`created_at\` datetime not null, constraint \`team_invitation_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on delete cascade, constraint \`team_invitation_invited_by_id_foreign\` foreign key (\`invited_by_id\`) references \`app_user\` (\`id\`) on delete set null);`);
    this.addSql(`create index \`team_invitation_team_id_index\` on \`team_invitation\` (\`team_id\`);`);
    this.addSql(`create unique index \`team_invitation_token_hash_unique\` on \`team_invitation\` (\`token_hash\`);`);
    this.addSql(`create index \`team_invitation_invited_by_id_index\` on \`team_invitation\` (\`invited_by_id\`);`);
    this.addSql(`create unique index \`team_invitation_team_id_email_open_marker_unique\` on \`team_invitation\` (\`team_id\`, \`email\`, \`open_marker\`);`);

    this.addSql(`create table \`donation_credit\` (\`id\` integer not null primary key autoincrement, \`donation_id\` integer not null, \`team_id\` integer not null, \`member_id\` integer not null, \`amount_minor\` bigint not null, \`currency\` text check (\`currency\` in ('USD', 'ETB')) not null, \`created_at\` datetime not null, \`refunded_at\` datetime null, constraint \`donation_credit_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on delete restrict, constraint \`donation_credit_member_id_foreign\` foreign key (\`member_id\`) references \`team_member\` (\`id\`) on delete restrict);`);
    this.addSql(`create unique index \`donation_credit_donation_id_unique\` on \`donation_credit\` (\`donation_id\`);`);
    this.addSql(`create index \`donation_credit_team_id_index\` on \`donation_credit\` (\`team_id\`);`);
    this.addSql(`create index \`donation_credit_member_id_index\` on \`donation_credit\` (\`member_id\`);`);

    this.addSql(`alter table \`fundraiser\` add column \`teams_open\` integer not null default false;`);
  }

  override down(): void | Promise<void> {

    this.addSql(`drop table if exists \`donation_credit\`;`);
    this.addSql(`drop table if exists \`team_invitation\`;`);
    this.addSql(`drop table if exists \`team_member\`;`);
    this.addSql(`drop table if exists \`team\`;`);

    this.addSql(`alter table \`fundraiser\` drop column \`teams_open\`;`);
  }

}
