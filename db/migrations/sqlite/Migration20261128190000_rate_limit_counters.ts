import { Migration } from '@mikro-orm/migrations';

/**
 * Rate limits count in one row per bucket and window length, raised by a single statement,
 * instead of a row per hit counted by a read before the write: requests arriving together
 * could all pass that read. The hits are not carried over (a window's length is known only
 * to the caller that checks it), so every limit starts from nothing once, as after a purge.
 */
export class Migration20261128190000_rate_limit_counters extends Migration {

  override name = 'Migration20261128190000_rate_limit_counters';

  override up(): void | Promise<void> {
    this.addSql(`create table \`rate_limit_counter\` (\`bucket\` text not null, \`window_ms\` integer not null, \`ends_ms\` bigint not null, \`hits\` integer not null, primary key (\`bucket\`, \`window_ms\`));`);
    this.addSql(`create index \`rate_limit_counter_ends_ms_index\` on \`rate_limit_counter\` (\`ends_ms\`);`);
    this.addSql(`drop table if exists \`rate_limit_hit\`;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table \`rate_limit_hit\` (\`id\` integer not null primary key autoincrement, \`bucket\` text not null, \`hit_at\` datetime not null);`);
    this.addSql(`create index \`rate_limit_hit_hit_at_index\` on \`rate_limit_hit\` (\`hit_at\`);`);
    this.addSql(`create index \`rate_limit_hit_bucket_hit_at_index\` on \`rate_limit_hit\` (\`bucket\`, \`hit_at\`);`);
    this.addSql(`drop table if exists \`rate_limit_counter\`;`);
  }

}
