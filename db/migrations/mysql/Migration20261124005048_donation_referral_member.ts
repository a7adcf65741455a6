import { Migration } from '@mikro-orm/migrations';

/** The team member whose link a donation came through, for crediting them once it succeeds. */
export class Migration20261124005048_donation_referral_member extends Migration {

  override name = 'Migration20261124005048_donation_referral_member';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`donation\` add \`referral_member_id\` int unsigned null;`);
    this.addSql(`alter table \`donation\` add constraint \`donation_referral_member_id_foreign\` foreign key (\`referral_member_id\`) references \`team_member\` (\`id\`) on delete set null;`);
    this.addSql(`alter table \`donation\` add index \`donation_referral_member_id_index\` (\`referral_member_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`donation\` drop foreign key \`donation_referral_member_id_foreign\`;`);
    this.addSql(`alter table \`donation\` drop index \`donation_referral_member_id_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`referral_member_id\`;`);
  }

}
