import { Migration } from '@mikro-orm/migrations';

/** The columns that name a payment method, each with the CHECK that lists the methods. */
const methodColumns = [
  ['payment', 'method'],
  ['payment_event', 'provider'],
  ['donation', 'payment_method'],
] as const;

const checkOf = (column: string, methods: string) => `check (\`${column}\` in (${methods}))`;
const before = `'STRIPE', 'PAYPAL'`;
const after = `'STRIPE', 'PAYPAL', 'CHAPA'`;

/**
 * Birr through Chapa: CHAPA as a payment method, and the wallet or bank a payment was made
 * with. SQLite cannot alter a CHECK; rebuilding `donation` would mean dropping a table that
 * receipts and payments reference, which their foreign keys refuse inside the migration's
 * transaction. So the CHECK's text is widened in place, SQLite's documented way to loosen a
 * constraint (lang_altertable, "other kinds of table schema changes"): every row valid before
 * stays valid, and the schema version moves so that open connections read the new one.
 */
export class Migration20261127101155_chapa_birr extends Migration {

  override name = 'Migration20261127101155_chapa_birr';

  override async up(): Promise<void> {
    await this.rewriteChecks(before, after);
    this.addSql(`alter table \`payment\` add column \`channel\` text null;`);
  }

  override async down(): Promise<void> {
    // Narrowing the CHECK over rows it no longer allows would leave a database that fails its own integrity check.
    const [row] = await this.execute(`select (select count(*) from \`payment\` where \`method\` = 'CHAPA') + (select count(*) from \`donation\` where \`payment_method\` = 'CHAPA') as n`);
    if (Number(Object.values(row ?? {})[0]) > 0) throw new Error('Chapa payments exist: refund or remove them before taking CHAPA out of the payment methods');
    await this.execute(`delete from \`payment_event\` where \`provider\` = 'CHAPA'`);
    this.addSql(`alter table \`payment\` drop column \`channel\`;`);
    await this.rewriteChecks(after, before);
  }

  /** Rewrites each method column's CHECK in the stored schema, and fails unless every one now reads `to`. */
  private async rewriteChecks(from: string, to: string): Promise<void> {
    const [row] = await this.execute('pragma schema_version');
    const version = Number(Object.values(row ?? {})[0]);
    await this.execute('pragma writable_schema = on');
    for (const [table, column] of methodColumns) {
      await this.execute(`update sqlite_master set sql = replace(sql, ?, ?) where type = 'table' and name = ?`, [checkOf(column, from), checkOf(column, to), table]);
    }
    await this.execute(`pragma schema_version = ${version + 1}`);
    await this.execute('pragma writable_schema = off');
    for (const [table, column] of methodColumns) {
      const [stored] = await this.execute(`select sql from sqlite_master where type = 'table' and name = ?`, [table]);
      if (!String(stored?.sql ?? '').includes(checkOf(column, to))) throw new Error(`${table}.${column}: its CHECK is not as expected; the payment methods were not changed`);
    }
  }

}
