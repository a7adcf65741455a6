import { Migration } from '@mikro-orm/migrations';

/** The scheduled time a job last ran for, so that of all instances one runs it per tick. */
export class Migration20261127110000_job_lock_tick extends Migration {

  override name = 'Migration20261127110000_job_lock_tick';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`job_lock\` add \`last_tick\` datetime null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`job_lock\` drop column \`last_tick\`;`);
  }

}
