import { Migration } from '@mikro-orm/migrations';

/** A donor may let the amount be shown beside their words of support; existing donations do not. */
export class Migration20261123213133_donation_show_amount extends Migration {

  override name = 'Migration20261123213133_donation_show_amount';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`donation\` add column \`show_amount\` integer not null default false;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`donation\` drop column \`show_amount\`;`);
  }

}
