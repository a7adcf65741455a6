import { Migration } from '@mikro-orm/migrations';

/**
 * Money that arrives for a gift that can no longer count (its fundraiser closed or was
 * suspended while the donor paid) is given back, claimed as NOT_COUNTED; a suspension keeps
 * the status it was made from, which lifting it returns to.
 */
export class Migration20261128180000_gifts_after_close extends Migration {

  override name = 'Migration20261128180000_gifts_after_close';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`payment\` modify \`refund_reason\` enum('DUPLICATE','REQUESTED','NOT_COUNTED') null;`);
    this.addSql(`alter table \`fundraiser\` add \`suspended_from\` enum('ACTIVE','PAUSED','CLOSED','SUSPENDED') null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`fundraiser\` drop column \`suspended_from\`;`);
    this.addSql(`update \`payment\` set \`refund_reason\` = 'DUPLICATE' where \`refund_reason\` = 'NOT_COUNTED';`);
    this.addSql(`alter table \`payment\` modify \`refund_reason\` enum('DUPLICATE','REQUESTED') null;`);
  }

}
