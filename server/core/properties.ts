/**
 * Named properties (spec section 7): operator settings in the named_properties table, seeded
 * from PROPERTY_DEFAULTS. Two are owned by the server configuration and always answered from it:
 * gold_only_mode (GOLD_ONLY) and inactivity_timeout_seconds (SESSION_INACTIVITY_SECONDS).
 * In gold-only mode the Sweeps-only ones (SWEEPS_ONLY_PROPERTIES) are left out of the answers
 * (property-routes.ts).
 */
import { PROPERTY_DEFAULTS, PROPERTY_NAMES, type PropertyName } from '../../src/contract/properties.ts';
import { SUPPORT_SITE_PATHS } from '../../src/contract/support-desk.ts';
import type { Config } from '../platform/config.ts';
import type { Database, Queryable } from '../db/driver.ts';

/** Properties that only mean something with Sweeps (redemption minimums and rates). */
export const SWEEPS_ONLY_PROPERTIES: readonly string[] = [PROPERTY_NAMES.redemptionValues];

export function configOverrides(
  config: Pick<Config, 'goldOnly' | 'sessionInactivitySeconds'>,
): Partial<Record<PropertyName, string>> {
  return {
    [PROPERTY_NAMES.goldOnlyMode]: String(config.goldOnly),
    [PROPERTY_NAMES.inactivityTimeoutSeconds]: String(config.sessionInactivitySeconds),
  };
}

/** Defaults that depend on the configuration: support_url is the help center's public page. */
export function configuredDefaults(
  supportSiteOrigin: string | undefined,
): Partial<Record<PropertyName, string>> {
  return supportSiteOrigin
    ? { [PROPERTY_NAMES.supportUrl]: `${supportSiteOrigin}${SUPPORT_SITE_PATHS.helpCenter}` }
    : {};
}

/**
 * Inserts missing defaults; never overwrites a value an operator changed. `defaults` replaces
 * contract defaults that depend on the configuration (support_url: the help center's public page).
 */
export async function seedProperties(
  db: Database,
  defaults: Partial<Record<PropertyName, string>> = {},
): Promise<void> {
  for (const [key, value] of Object.entries({ ...PROPERTY_DEFAULTS, ...defaults })) {
    await db.query('INSERT INTO named_properties (key, value) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING', [
      key,
      value,
    ]);
  }
}

export async function readProperties(
  db: Queryable,
  names: string[] | null,
  overrides: Partial<Record<string, string>>,
): Promise<Array<{ key: string; value: string }>> {
  const rows = names
    ? await db.query<{ key: string; value: string }>(
        'SELECT key, value FROM named_properties WHERE key = ANY($1::text[]) ORDER BY key',
        [names],
      )
    : await db.query<{ key: string; value: string }>('SELECT key, value FROM named_properties ORDER BY key');
  const found = new Map(rows.map((r) => [r.key, r.value]));
  for (const [key, value] of Object.entries(overrides)) {
    if (value !== undefined && (names === null || names.includes(key))) found.set(key, value);
  }
  // Known names missing from the table (a newer release before seeding) fall back to the defaults.
  for (const key of names ?? Object.keys(PROPERTY_DEFAULTS)) {
    if (!found.has(key) && key in PROPERTY_DEFAULTS) found.set(key, PROPERTY_DEFAULTS[key as PropertyName]);
  }
  const order = names ?? [...found.keys()].sort();
  return order.filter((k) => found.has(k)).map((key) => ({ key, value: found.get(key) as string }));
}
