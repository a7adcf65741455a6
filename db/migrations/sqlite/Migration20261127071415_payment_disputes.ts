import { Migration } from '@mikro-orm/migrations';

/** Chargebacks: a payment's dispute status and when the donor's bank first disputed it. */
export class Migration20261127071415_payment_disputes extends Migration {

  override name = 'Migration20261127071415_payment_disputes';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`payment\` add column \`dispute_status\` text null;`);
    this.addSql(`alter table \`payment\` add column \`disputed_at\` datetime null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`payment\` drop column \`dispute_status\`;`);
    this.addSql(`alter table \`payment\` drop column \`disputed_at\`;`);
  }

}
