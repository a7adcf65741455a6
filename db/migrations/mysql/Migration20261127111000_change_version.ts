import { Migration } from '@mikro-orm/migrations';

/** Changes every instance must hear of, when several share the database (kernel/changes/shared-changes.ts). */
export class Migration20261127111000_change_version extends Migration {

  override name = 'Migration20261127111000_change_version';

  override up(): void | Promise<void> {
    this.addSql(`create table \`change_version\` (\`key\` varchar(150) not null, \`version\` bigint not null, \`changed_ms\` bigint not null, primary key (\`key\`)) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`change_version\` add index \`change_version_changed_ms_index\`(\`changed_ms\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists \`change_version\`;`);
  }

}
