/** The server's entry for players (`npm start`, `npm run serve`): start it as configured (server.ts). */
import { startServer } from './server.ts';

startServer().catch((error: unknown) => {
  process.stderr.write(`Server failed to start: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
