import { Migration } from '@mikro-orm/migrations';

/**
 * Donations bound to the browser session that started them; refunds of duplicate payments;
 * outbox mail queued inside a transaction and composed after it (the receipt e-mail).
 */
export class Migration20261123125009_donation_binding_refunds_queued_mail extends Migration {

  override name = 'Migration20261123125009_donation_binding_refunds_queued_mail';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`outbox_mail\` add \`kind\` varchar(40) null, add \`ref\` varchar(64) null;`);
    this.addSql(`alter table \`outbox_mail\` modify \`status\` enum('QUEUED','PENDING','SENT','FAILED','LOGGED') not null default 'PENDING';`);

    this.addSql(`alter table \`donation\` add \`creator_session\` varchar(64) null;`);

    this.addSql(`alter table \`payment\` add \`refund_reason\` enum('DUPLICATE') null, add \`refund_id\` varchar(255) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`payment\` drop column \`refund_reason\`, drop column \`refund_id\`;`);

    this.addSql(`alter table \`donation\` drop column \`creator_session\`;`);

    this.addSql(`alter table \`outbox_mail\` modify \`status\` enum('PENDING','SENT','FAILED','LOGGED') not null default 'PENDING';`);
    this.addSql(`alter table \`outbox_mail\` drop column \`kind\`, drop column \`ref\`;`);
  }

}
