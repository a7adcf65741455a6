import { ConfigError, loadConfig } from '../api/config.ts';
import { start } from '../api/server.ts';

try {
  const running = await start(loadConfig());
  const shutdown = () => void running.stop().then(() => process.exit(0));
  process.once('SIGINT', shutdown);
  process.once('SIGTERM', shutdown);
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(1);
  }
  throw error;
}
