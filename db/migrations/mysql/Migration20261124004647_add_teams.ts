import { Migration } from '@mikro-orm/migrations';

/**
 * Teams raising for a fundraiser: members with referral codes, invitations by e-mail, credit
 * of donations made through a member's link; a fundraiser's switch that opens it to teams.
 */
export class Migration20261124004647_add_teams extends Migration {

  override name = 'Migration20261124004647_add_teams';

  override up(): void | Promise<void> {
    this.addSql(`create table \`team\` (\`id\` int unsigned not null auto_increment primary key, \`fundraiser_id\` int unsigned not null, \`name\` varchar(100) not null, \`description\` text not null, \`goal_minor\` bigint null, \`creator_id\` int unsigned not null, \`raised_minor\` bigint not null default '0', \`donation_count\` int not null default 0, \`removed_at\` datetime null, \`created_at\` datetime not null, \`updated_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`team\` add index \`team_fundraiser_id_index\` (\`fundraiser_id\`);`);
    this.addSql(`alter table \`team\` add index \`team_creator_id_index\` (\`creator_id\`);`);
    this.addSql(`alter table \`team\` add index \`team_fundraiser_id_removed_at_index\` (\`fundraiser_id\`, \`removed_at\`);`);

    this.addSql(`create table \`team_member\` (\`id\` int unsigned not null auto_increment primary key, \`team_id\` int unsigned not null, \`user_id\` int unsigned not null, \`role\` enum('CAPTAIN','MEMBER','CO_ORGANISER') not null, \`referral_code\` varchar(32) not null, \`raised_minor\` bigint not null default '0', \`donation_count\` int not null default 0, \`joined_at\` datetime not null, \`left_at\` datetime null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`team_member\` add index \`team_member_team_id_index\` (\`team_id\`);`);
    this.addSql(`alter table \`team_member\` add index \`team_member_user_id_index\` (\`user_id\`);`);
    this.addSql(`alter table \`team_member\` add unique \`team_member_referral_code_unique\` (\`referral_code\`);`);
    this.addSql(`alter table \`team_member\` add unique \`team_member_team_id_user_id_unique\` (\`team_id\`, \`user_id\`);`);

    this.addSql(`create table \`team_invitation\` (\`id\` int unsigned not null auto_increment primary key, \`team_id\` int unsigned not null, \`email\` varchar(254) not null, \`role\` enum('CAPTAIN','MEMBER','CO_ORGANISER') not null, \`token_hash\` varchar(64) not null, \`invited_by_id\` int unsigned null, \`expires_at\` datetime not null, \`accepted_at\` datetime null, \`revoked_at\` datetime null, \`open_marker\` int null, \`created_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`team_invitation\` add index \`team_invitation_team_id_index\` (\`team_id\`);`);
    this.addSql(`alter table \`team_invitation\` add unique \`team_invitation_token_hash_unique\` (\`token_hash\`);`);
    this.addSql(`alter table \`team_invitation\` add index \`team_invitation_invited_by_id_index\` (\`invited_by_id\`);`);
    this.addSql(`alter table \`team_invitation\` add unique \`team_invitation_team_id_email_open_marker_unique\` (\`team_id\`, \`email\`, \`open_marker\`);`);

    this.addSql(`create table \`donation_credit\` (\`id\` int unsigned not null auto_increment primary key, \`donation_id\` int not null, \`team_id\` int unsigned not null, \`member_id\` int unsigned not null, \`amount_minor\` bigint not null, \`currency\` enum('USD','ETB') not null, \`created_at\` datetime not null, \`refunded_at\` datetime null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`donation_credit\` add unique \`donation_credit_donation_id_unique\` (\`donation_id\`);`);
    this.addSql(`alter table \`donation_credit\` add index \`donation_credit_team_id_index\` (\`team_id\`);`);
    this.addSql(`alter table \`donation_credit\` add index \`donation_credit_member_id_index\` (\`member_id\`);`);

    this.addSql(`alter table \`fundraiser\` add \`teams_open\` tinyint(1) not null default false;`);

    this.addSql(`alter table \`team\` add constraint \`team_fundraiser_id_foreign\` foreign key (\`fundraiser_id\`) references \`fundraiser\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`team\` add constraint \`team_creator_id_foreign\` foreign key (\`creator_id\`) references \`app_user\` (\`id\`) on delete restrict;`);

    this.addSql(`alter table \`team_member\` add constraint \`team_member_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`team_member\` add constraint \`team_member_user_id_foreign\` foreign key (\`user_id\`) references \`app_user\` (\`id\`) on delete restrict;`);

    this.addSql(`alter table \`team_invitation\` add constraint \`team_invitation_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on delete cascade;`);
    this.addSql(`alter table \`team_invitation\` add constraint \`team_invitation_invited_by_id_foreign\` foreign key (\`invited_by_id\`) references \`app_user\` (\`id\`) on delete set null;`);

    this.addSql(`alter table \`donation_credit\` add constraint \`donation_credit_team_id_foreign\` foreign key (\`team_id\`) references \`team\` (\`id\`) on delete restrict;`);
    this.addSql(`alter table \`donation_credit\` add constraint \`donation_credit_member_id_foreign\` foreign key (\`member_id\`) references \`team_member\` (\`id\`) on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`team_member\` drop foreign key \`team_member_team_id_foreign\`;`);
    this.addSql(`alter table \`team_invitation\` drop foreign key \`team_invitation_team_id_foreign\`;`);
    this.addSql(`alter table \`donation_credit\` drop foreign key \`donation_credit_team_id_foreign\`;`);
    this.addSql(`alter table \`donation_credit\` drop foreign key \`donation_credit_member_id_foreign\`;`);

    this.addSql(`drop table if exists \`donation_credit\`;`);
    this.addSql(`drop table if exists \`team_invitation\`;`);
    this.addSql(`drop table if exists \`team_member\`;`);
    this.addSql(`drop table if exists \`team\`;`);

    this.addSql(`alter table \`fundraiser\` drop column \`teams_open\`;`);

  }

}
