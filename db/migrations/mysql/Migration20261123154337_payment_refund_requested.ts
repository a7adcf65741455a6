import { Migration } from '@mikro-orm/migrations';

/** A payment's refund may be requested (the admin tools), claimed before the provider is asked. */
export class Migration20261123154337_payment_refund_requested extends Migration {

  override name = 'Migration20261123154337_payment_refund_requested';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`payment\` modify \`refund_reason\` enum('DUPLICATE','REQUESTED') null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`payment\` modify \`refund_reason\` enum('DUPLICATE') null;`);
  }

}
