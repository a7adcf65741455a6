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
    this.addSql(`create table \`rate_limit_counter\` (\`bucket\` varchar(191) not null, \`window_ms\` int unsigned not null, \`ends_ms\` bigint not null, \`hits\` int not null, primary key (\`bucket\`, \`window_ms\`)) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`rate_limit_counter\` add index \`rate_limit_counter_ends_ms_index\` (\`ends_ms\`);`);
    this.addSql(`drop table if exists \`rate_limit_hit\`;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create table \`rate_limit_hit\` (\`id\` int unsigned not null auto_increment primary key, \`bucket\` varchar(191) not null, \`hit_at\` datetime not null) default character set utf8mb4 engine = InnoDB;`);
    this.addSql(`alter table \`rate_limit_hit\` add index \`rate_limit_hit_hit_at_index\` (\`hit_at\`);`);
    this.addSql(`alter table \`rate_limit_hit\` add index \`rate_limit_hit_bucket_hit_at_index\` (\`bucket\`, \`hit_at\`);`);
    this.addSql(`drop table if exists \`rate_limit_counter\`;`);
  }

}
