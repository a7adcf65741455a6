/**
 * Creates an admin account, or makes an existing account an admin.
 *   npm run create-admin -- --email admin@example.org [--password …] [--first Abebe] [--last Kebede]
 * Without --password a strong one is generated and printed once. Runs pending migrations first.
 */
import { parseArgs } from 'node:util';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../api/config.ts';
import { serverMessages } from '../api/messages.ts';
import { AppError } from '../kernel/http/index.ts';
import { migrate, openDatabase } from '../db/index.ts';
import { ensureAdmin } from '../modules/accounts/index.ts';

const usage = 'Usage: npm run create-admin -- --email <address> [--password <password>] [--first <first name>] [--last <last name>]';

let args;
try {
  args = parseArgs({
    options: {
      email: { type: 'string' },
      password: { type: 'string' },
      first: { type: 'string', default: 'Site' },
      last: { type: 'string', default: 'Admin' },
      help: { type: 'boolean', short: 'h' },
    },
  }).values;
} catch (error) {
  console.error(`${(error as Error).message}\n${usage}`);
  process.exit(2);
}
if (args.help) {
  console.log(usage);
  process.exit(0);
}
const email = z.string().trim().pipe(z.email()).safeParse(args.email ?? '');
if (!email.success) {
  console.error(`--email must be an e-mail address.\n${usage}`);
  process.exit(2);
}

let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}

const orm = await openDatabase(config.DATABASE_URL);
try {
  await migrate(orm);
  const result = await ensureAdmin(orm.em.fork(), {
    email: email.data,
    password: args.password,
    firstName: args.first.trim() || 'Site',
    lastName: args.last.trim() || 'Admin',
  });
  console.log(`${result.created ? 'Created admin account' : 'Made an admin of the existing account'} ${result.user.email} (id ${result.user.id}).`);
  if (result.created && !args.password) console.log(`Generated password (shown only now): ${result.password}`);
  if (!result.created && !args.password) console.log('Its password is unchanged.');
} catch (error) {
  if (error instanceof AppError) {
    const details = error.fields ? Object.entries(error.fields).map(([field, problem]) => `  --${field}: ${serverMessages.text('en', problem.code, problem.params)}`).join('\n') : error.code;
    console.error(`Could not create the admin account:\n${details}`);
    process.exitCode = 1;
  } else {
    throw error;
  }
} finally {
  await orm.close();
}
