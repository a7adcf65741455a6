import { Migration } from '@mikro-orm/migrations';

/** Organisers may stop the e-mails about comments on their fundraisers; everybody hears of them until they do. */
export class Migration20261124001449_user_comment_emails extends Migration {

  override name = 'Migration20261124001449_user_comment_emails';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`app_user\` add column \`comment_emails\` integer not null default true;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`app_user\` drop column \`comment_emails\`;`);
  }

}
