import { Migration } from '@mikro-orm/migrations';

const reasonsCheck = (reasons: string) => `check (\`refund_reason\` in (${reasons}))`;
const before = `'DUPLICATE', 'REQUESTED'`;
const after = `'DUPLICATE', 'REQUESTED', 'NOT_COUNTED'`;

/**
 * Money that arrives for a gift that can no longer count (its fundraiser closed or was
 * suspended while the donor paid) is given back, claimed as NOT_COUNTED; a suspension keeps
 * the status it was made from, which lifting it returns to. The refund reasons' CHECK is
 * widened in place, as the Chapa migration widened the payment methods' (rebuilding `payment`
 * is refused by the foreign keys inside the migration's transaction).
 */
export class Migration20261128180000_gifts_after_close extends Migration {

  override name = 'Migration20261128180000_gifts_after_close';

  override async up(): Promise<void> {
    await this.rewriteCheck(before, after);
    this.addSql(`alter table \`fundraiser\` add column \`suspended_from\` text check (\`suspended_from\` in ('ACTIVE', 'PAUSED', 'CLOSED', 'SUSPENDED')) null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`fundraiser\` drop column \`suspended_from\`;`);
    await this.execute(`update \`payment\` set \`refund_reason\` = 'DUPLICATE' where \`refund_reason\` = 'NOT_COUNTED'`);
    await this.rewriteCheck(after, before);
  }

  private async rewriteCheck(from: string, to: string): Promise<void> {
    const [row] = await this.execute('pragma schema_version');
    const version = Number(Object.values(row ?? {})[0]);
    await this.execute('pragma writable_schema = on');
    await this.execute(`update sqlite_master set sql = replace(sql, ?, ?) where type = 'table' and name = 'payment'`, [reasonsCheck(from), reasonsCheck(to)]);
    await this.execute(`pragma schema_version = ${version + 1}`);
    await this.execute('pragma writable_schema = off');
    const [stored] = await this.execute(`select sql from sqlite_master where type = 'table' and name = 'payment'`);
    if (!String(stored?.sql ?? '').includes(reasonsCheck(to))) throw new Error('payment.refund_reason: its CHECK is not as expected; the refund reasons were not changed');
  }

}
