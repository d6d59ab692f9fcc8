/**
 * Sets named properties in the database of a server that is not running yet, through the same
 * migrations and property seeding the server runs at start (which never overwrites a stored
 * value). scripts/e2e-server.mjs runs it before the server when a browser spec asks for a
 * property (`--property mobile_verification_enabled=true`).
 *
 * Usage: DATA_DIR=<folder> npx tsx server/test-support/set-named-properties.ts name=value [name=value ...]
 */
import { PROPERTY_DEFAULTS } from '../../src/contract/properties.ts';
import { loadConfig } from '../platform/config.ts';
import { migrate } from '../db/migrate.ts';
import { openDatabase } from '../db/open-database.ts';
import { configuredDefaults, seedProperties } from '../core/properties.ts';

const pairs = process.argv.slice(2).map((arg) => {
  const eq = arg.indexOf('=');
  const name = eq > 0 ? arg.slice(0, eq) : '';
  if (!(name in PROPERTY_DEFAULTS)) {
    process.stderr.write(`[set-named-properties] unknown named property in "${arg}" (name=value)\n`);
    process.exit(2);
  }
  return { name, value: arg.slice(eq + 1) };
});

const config = loadConfig();
const db = await openDatabase(config);
try {
  await migrate(db);
  await seedProperties(db, configuredDefaults(config.supportSiteOrigin));
  for (const { name, value } of pairs)
    await db.query('UPDATE named_properties SET value = $2 WHERE key = $1', [name, value]);
  process.stderr.write(
    `[set-named-properties] ${pairs.map((p) => `${p.name}=${p.value}`).join(', ') || 'nothing to set'}\n`,
  );
} finally {
  await db.close();
}
