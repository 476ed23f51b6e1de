/** The console's server as `npm start` (and `npm run dev`, and the browser tests) run it, from the project folder. */
import { serveConsole } from './serve-console';

serveConsole({ dev: process.argv.includes('--dev'), dir: process.cwd() }).catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
