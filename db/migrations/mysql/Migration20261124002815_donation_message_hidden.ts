import { Migration } from '@mikro-orm/migrations';

/** Organisers and admins may hide a donor's words of support (kept, with who and why); they may be reported. */
export class Migration20261124002815_donation_message_hidden extends Migration {

  override name = 'Migration20261124002815_donation_message_hidden';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`flag\` modify \`target_type\` enum('COMMENT','FUNDRAISER','DONATION') not null;`);

    this.addSql(`alter table \`donation\` add \`message_hidden_at\` datetime null, add \`message_hidden_by_id\` int unsigned null, add \`message_hidden_reason\` varchar(500) null;`);
    this.addSql(`alter table \`donation\` add constraint \`donation_message_hidden_by_id_foreign\` foreign key (\`message_hidden_by_id\`) references \`app_user\` (\`id\`) on delete set null;`);
    this.addSql(`alter table \`donation\` add index \`donation_message_hidden_by_id_index\` (\`message_hidden_by_id\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`donation\` drop foreign key \`donation_message_hidden_by_id_foreign\`;`);
    this.addSql(`alter table \`donation\` drop index \`donation_message_hidden_by_id_index\`;`);
    this.addSql(`alter table \`donation\` drop column \`message_hidden_at\`, drop column \`message_hidden_by_id\`, drop column \`message_hidden_reason\`;`);

    this.addSql(`alter table \`flag\` modify \`target_type\` enum('COMMENT','FUNDRAISER') not null;`);
  }

}
