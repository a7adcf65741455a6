import { Migration } from '@mikro-orm/migrations';

/** Donation receipts (modules/receipts), and attachments on outbox mail for the receipt e-mail. */
export class Migration20261122020841_receipts_and_mail_attachments extends Migration {

  override name = 'Migration20261122020841_receipts_and_mail_attachments';

  override up(): void | Promise<void> {
    this.addSql(`create table \`receipt\` (\`id\` text not null primary key, \`donation_id\` integer not null, \`created_at\` datetime not null, constraint \`receipt_donation_id_foreign\` foreign key (\`donation_id\`) references \`donation\` (\`id\`) on delete restrict);`);
    this.addSql(`create index \`receipt_donation_id_index\` on \`receipt\` (\`donation_id\`);`);
    this.addSql(`create unique index \`receipt_donation_id_unique\` on \`receipt\` (\`donation_id\`);`);

    this.addSql(`alter table \`outbox_mail\` add column \`attachments\` json null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`receipt\`;`);

    this.addSql(`alter table \`outbox_mail\` drop column \`attachments\`;`);
  }

}
