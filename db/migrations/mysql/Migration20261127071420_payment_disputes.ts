import { Migration } from '@mikro-orm/migrations';

/** Chargebacks: a payment's dispute status and when the donor's bank first disputed it. */
export class Migration20261127071420_payment_disputes extends Migration {

  override name = 'Migration20261127071420_payment_disputes';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`payment\` add \`dispute_status\` varchar(30) null, add \`disputed_at\` datetime null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`payment\` drop column \`dispute_status\`, drop column \`disputed_at\`;`);
  }

}
