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
    await this.widen(before, after);
    this.addSql(`alter table \`payment\` add column \`channel\` text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table \`payment\` drop column \`channel\`;`);
    await this.widen(after, before);
  }

  private async widen(from: string, to: string): Promise<void> {
    const [row] = await this.execute('pragma schema_version');
    const version = Number(Object.values(row ?? {})[0]);
    this.addSql('pragma writable_schema = on;');
    for (const [table, column] of methodColumns) {
      this.addSql(`update sqlite_master set sql = replace(sql, '${checkOf(column, from).replaceAll("'", "''")}', '${checkOf(column, to).replaceAll("'", "''")}') where type = 'table' and name = '${table}';`);
    }
    this.addSql(`pragma schema_version = ${version + 1};`);
    this.addSql('pragma writable_schema = off;');
  }

}
