import { Migration } from '@mikro-orm/migrations';

/** Donation receipts (modules/receipts), and attachments on outbox mail for the receipt e-mail. */
export class Migration20261122020841_receipts_and_mail_attachments extends Migration {

  override name = 'Migration20261122020841_receipts_and_mail_attachments';

  override up(): void | Promise<void> {
    this.addSql(`create table \`receipt\` (\`id\` varchar(32) not null, \`donation_id\` int unsigned not null, \`created_at\` datetime not null, primary key (\`id\`)) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`receipt\` add index \`receipt_donation_id_index\` (\`donation_id\`);`);
    this.addSql(`alter table \`receipt\` add unique \`receipt_donation_id_unique\` (\`donation_id\`);`);

    this.addSql(`alter table \`outbox_mail\` add \`attachments\` json null;`);

    this.addSql(`alter table \`receipt\` add constraint \`receipt_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on delete restrict;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`receipt\`;`);

    this.addSql(`alter table \`outbox_mail\` drop column \`attachments\`;`);
  }

}
