import { Migration } from '@mikro-orm/migrations';

/**
 * Sort keys for "most funded" and "closest to goal" (modules/fundraisers/fundraiser.ordering.ts),
 * backfilled for existing rows, and indexes so that every list order reads a slice of an index.
 */
export class Migration20261122015522_fundraiser_ordering extends Migration {

  override name = 'Migration20261122015522_fundraiser_ordering';

  override up(): void | Promise<void> {
    this.addSql(`alter table \`fundraiser\` add \`funded_rank\` bigint not null default '0', add \`goal_rank\` int not null default 0;`);
    // Existing rows get their keys as fundraiser.ordering.ts computes them (150 birr per dollar).
    this.addSql(`update \`fundraiser\` set \`funded_rank\` = case when \`currency\` = 'USD' then \`raised_minor\` * 150 else \`raised_minor\` end, \`goal_rank\` = case when \`raised_minor\` >= \`goal_minor\` then -1 else (\`raised_minor\` * 10000) div \`goal_minor\` end;`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_location_id_status_created_at_index\` (\`location_id\`, \`status\`, \`created_at\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_status_funded_rank_donation_count_index\` (\`status\`, \`funded_rank\`, \`donation_count\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_category_id_status_funded_rank_donation_count_index\` (\`category_id\`, \`status\`, \`funded_rank\`, \`donation_count\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_status_goal_rank_index\` (\`status\`, \`goal_rank\`);`);
    this.addSql(`alter table \`fundraiser\` add index \`fundraiser_category_id_status_goal_rank_index\` (\`category_id\`, \`status\`, \`goal_rank\`);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`fundraiser\` drop index \`fundraiser_location_id_status_created_at_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop index \`fundraiser_status_funded_rank_donation_count_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop index \`fundraiser_category_id_status_funded_rank_donation_count_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop index \`fundraiser_status_goal_rank_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop index \`fundraiser_category_id_status_goal_rank_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`funded_rank\`, drop column \`goal_rank\`;`);
  }

}
