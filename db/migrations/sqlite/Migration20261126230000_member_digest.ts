import { Migration } from '@mikro-orm/migrations';

/** A team member hears by e-mail, at most once an hour, of the donations through their link: the newest one told of, and when. */
export class Migration20261126230000_member_digest extends Migration {

  override name = 'Migration20261126230000_member_digest';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`team_member\` add column \`last_told_credit_id\` integer null;`);
    this.addSql(`alter table \`team_member\` add column \`told_at\` datetime null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`team_member\` drop column \`last_told_credit_id\`;`);
    this.addSql(`alter table \`team_member\` drop column \`told_at\`;`);
  }

}
