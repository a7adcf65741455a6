import { Migration } from '@mikro-orm/migrations';

/** Birr through Chapa: CHAPA as a payment method, and the wallet or bank a payment was made with. */
export class Migration20261127101156_chapa_birr extends Migration {

  override name = 'Migration20261127101156_chapa_birr';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`payment_event\` modify \`provider\` enum('STRIPE','PAYPAL','CHAPA') not null;`);
    this.addSql(`alter table \`donation\` modify \`payment_method\` enum('STRIPE','PAYPAL','CHAPA') null;`);
    this.addSql(`alter table \`payment\` add \`channel\` varchar(40) null;`);
    this.addSql(`alter table \`payment\` modify \`method\` enum('STRIPE','PAYPAL','CHAPA') not null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`payment\` modify \`method\` enum('STRIPE','PAYPAL') not null;`);
    this.addSql(`alter table \`payment\` drop column \`channel\`;`);
    this.addSql(`alter table \`donation\` modify \`payment_method\` enum('STRIPE','PAYPAL') null;`);
    this.addSql(`alter table \`payment_event\` modify \`provider\` enum('STRIPE','PAYPAL') not null;`);
  }

}
