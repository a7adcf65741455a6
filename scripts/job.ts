/**
 * npm run job -- <name>: runs one job now, by hand, under the same lock as its schedule
 * (so never at the same time as another instance's run), and prints its outcome. Exits 0
 * when it ran, 1 when it failed, was running elsewhere, or no job has that name.
 */
import { createApp } from '../api/app.ts';
import { ConfigError, loadConfig, type Config } from '../api/config.ts';
import { jobList } from '../api/jobs.ts';
import { createLogger } from '../api/logger.ts';
import { openDatabase } from '../db/index.ts';
import { runExclusive } from '../modules/jobs/index.ts';
import { createMailer } from '../modules/mail/index.ts';

function configOrExit(): Config {
  try {
    return loadConfig();
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}

const name = process.argv[2];
const config = configOrExit();
const logger = createLogger(config.LOG_LEVEL);
const orm = await openDatabase(config.DATABASE_URL);
let exitCode = 1;
try {
  const mailer = createMailer({ smtpUrl: config.SMTP_URL, from: config.MAIL_FROM, logger });
  // Built as `npm start` builds it, so a job gets the same services (the payment rails, the
  // mail composers) as when it runs on its schedule.
  const app = createApp({ config, orm, logger, mailer });
  const jobs = jobList({ mailer, payments: app.payments, payouts: app.payouts });
  const job = jobs.find((candidate) => candidate.name === name);
  if (!job) {
    console.error(`${name ? `No job is called "${name}".` : 'Name the job to run.'} Jobs: ${jobs.map((j) => j.name).join(', ')}`);
  } else {
    const run = await runExclusive(orm, job, logger);
    if (run.result === 'ran') {
      console.log(`${job.name}: ${run.outcome}`);
      exitCode = 0;
    } else {
      console.error(`${job.name}: ${run.result === 'skipped' ? 'another instance is running it now; not run' : run.outcome}`);
    }
  }
} finally {
  await orm.close();
}
// At once, rather than after whatever the app's services left open (an SMTP pool) closes.
process.exit(exitCode);
