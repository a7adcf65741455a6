import { Migration } from '@mikro-orm/migrations';

/**
 * Sort keys for "most funded" and "closest to goal" (modules/fundraisers/fundraiser.ordering.ts),
 * backfilled for existing rows, and indexes so that every list order reads a slice of an index.
 */
export class Migration20261122015522_fundraiser_ordering extends Migration {

  override name = 'Migration20261122015522_fundraiser_ordering';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`fundraiser\` add column \`funded_rank\` bigint not null default '0';`);
    this.addSql(`alter table \`fundraiser\` add column \`goal_rank\` integer not null default 0;`);
    // Existing rows get their keys as fundraiser.ordering.ts computes them (150 birr per dollar).
    this.addSql(`update \`fundraiser\` set \`funded_rank\` = case when \`currency\` = 'USD' then \`raised_minor\` * 150 else \`raised_minor\` end, \`goal_rank\` = case when \`raised_minor\` >= \`goal_minor\` then -1 else (\`raised_minor\` * 10000) / \`goal_minor\` end;`);
    this.addSql(`create index \`fundraiser_location_id_status_created_at_index\` on \`fundraiser\` (\`location_id\`, \`status\`, \`created_at\`);`);
    this.addSql(`create index \`fundraiser_status_funded_rank_donation_count_index\` on \`fundraiser\` (\`status\`, \`funded_rank\`, \`donation_count\`);`);
    this.addSql(`create index \`fundraiser_category_id_status_funded_rank_donation_count_index\` on \`fundraiser\` (\`category_id\`, \`status\`, \`funded_rank\`, \`donation_count\`);`);
    this.addSql(`create index \`fundraiser_status_goal_rank_index\` on \`fundraiser\` (\`status\`, \`goal_rank\`);`);
    this.addSql(`create index \`fundraiser_category_id_status_goal_rank_index\` on \`fundraiser\` (\`category_id\`, \`status\`, \`goal_rank\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index \`fundraiser_location_id_status_created_at_index\`;`);
    this.addSql(`drop index \`fundraiser_status_funded_rank_donation_count_index\`;`);
    this.addSql(`drop index \`fundraiser_category_id_status_funded_rank_donation_count_index\`;`);
    this.addSql(`drop index \`fundraiser_status_goal_rank_index\`;`);
    this.addSql(`drop index \`fundraiser_category_id_status_goal_rank_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`funded_rank\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`goal_rank\`;`);
  }

}
