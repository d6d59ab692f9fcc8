/** Chooses the driver from the configuration: PostgreSQL when DATABASE_URL is set, else PGlite in DATA_DIR/pglite. */
import path from 'node:path';
import type { Database } from './driver.ts';
import { openPglite } from './pglite-driver.ts';
import { openPostgres } from './postgres-driver.ts';

export async function openDatabase(config: {
  databaseUrl: string | null;
  dataDir: string;
}): Promise<Database> {
  if (config.databaseUrl) return openPostgres(config.databaseUrl);
  return openPglite(path.join(config.dataDir, 'pglite'));
}
