import { Migration } from '@mikro-orm/migrations';

/** A fundraiser may have many teams, each pointing at it (`team.fundraiser_id`): its own single team id was never used. */
export class Migration20261126231500_drop_fundraiser_team_id extends Migration {

  override name = 'Migration20261126231500_drop_fundraiser_team_id';

  override up(): void | Promise<void> {
    this.addSql(`drop index \`fundraiser_team_id_index\`;`);
    this.addSql(`alter table \`fundraiser\` drop column \`team_id\`;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table \`fundraiser\` add column \`team_id\` integer null;`);
    this.addSql(`create index \`fundraiser_team_id_index\` on \`fundraiser\` (\`team_id\`);`);
  }

}
