import { Migration } from '@mikro-orm/migrations';

/** The team member whose link a donation came through, for crediting them once it succeeds. */
export class Migration20261124005045_donation_referral_member extends Migration {

  override name = 'Migration20261124005045_donation_referral_member';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`donation\` add column \`referral_member_id\` integer null constraint \`donation_referral_member_id_foreign\` references \`team_member\` (\`id\`) on delete set null;`);
    this.addSql(`create index \`donation_referral_member_id_index\` on \`donation\` (\`referral_member_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`donation_referral_member_id_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`referral_member_id\`;`);
  }

}
