import { enableCompileCache, flushCompileCache } from 'node:module';

// Compiled code is kept between starts, in the system's temporary folder (an entry is used only
// while its file is unchanged): otherwise every start strips the types of and compiles the same
// modules again, about half a second. The app is imported after, hence dynamically, to be covered.
enableCompileCache();
const { ConfigError, loadConfig } = await import('../api/config.ts');
const { start } = await import('../api/server.ts');
const { DatabaseUnavailable } = await import('../db/index.ts');

try {
  const running = await start(loadConfig());
  // Written soon rather than only at exit, which a killed process never reaches; not at once,
  // as a first start spends a tenth of a second writing it while requests wait.
  setTimeout(flushCompileCache, 5_000).unref();
  const shutdown = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  // Something the person starting the app can put right: its message says what, without a stack.
  if (error instanceof ConfigError || error instanceof DatabaseUnavailable) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
