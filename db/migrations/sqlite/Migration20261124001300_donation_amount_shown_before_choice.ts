import { Migration } from '@mikro-orm/migrations';

/**
 * The donor's choice to show the amount now governs every public list, not only the words of
 * support. Donations made before donors were asked (the show_amount migration) were shown with
 * their amount, and stay so; later ones keep the donor's answer.
 */
export class Migration20261124001300_donation_amount_shown_before_choice extends Migration {

  override name = 'Migration20261124001300_donation_amount_shown_before_choice';

  override up(): void | Promise<void> {
    this.addSql(`update \`donation\` set \`show_amount\` = true where \`created_at\` < 1795469493000;`);
  }

}
