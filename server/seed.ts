/**
 * First-start content, safe to run on every start: missing named properties, new legal document
 * versions, and the demo player with 250,000 Gold Coins and 25.00 Sweeps Coins (Gold only in
 * gold-only mode) written as ledger entries (kind 'adjustment', reference 'demo-seed'). The demo
 * player is created once; the ledger's idempotency keys keep the coins from being paid twice.
 *
 * The demo password is published, so the account is seeded only where config.seedDemoPlayer says
 * (by default a local origin only). When it is not seeded, a demo account left by an earlier start
 * loses the published password: anyone could otherwise sign in to it on a public site.
 */
import { randomBytes } from 'node:crypto';
import { isLocalOrigin, type Config } from './platform/config.ts';
import type { Database } from './db/driver.ts';
import { transaction } from './db/transaction.ts';
import { seedLegalDocuments } from './features/legal/legal-documents.ts';
import { acceptLatestWithoutAsking } from './features/legal/legal-acceptance.ts';
import { configuredDefaults, seedProperties } from './core/properties.ts';
import { seedCoinPackages } from './features/store/coin-packages.ts';
import { seedPromoCodes } from './features/promo-codes/promo-codes.ts';
import { seedGames } from './features/games/catalogue.ts';
import { seedPromotions } from './features/promotions/seed-promotions.ts';
import { endUserSessions } from './core/sessions/auth-sessions.ts';
import type { PasswordHasher } from './core/sessions/password-hash.ts';
import { personKey } from './core/users/identity-keys.ts';
import { postLedgerEntry } from './core/ledger/ledger.ts';
import type { Logger } from './platform/logger.ts';

export const DEMO_PLAYER = {
  email: 'demo@luckycrown.example',
  password: 'DemoPlayer#2026',
  first_name: 'Demo',
  last_name: 'Player',
  postal_code: '60601',
  state: 'IL',
  birth_year: 1990,
  birth_month: 5,
  birth_day: 15,
  gold: 250_000,
  sweepsCents: 2_500,
} as const;

export async function seedDemoPlayer(
  db: Database,
  hasher: PasswordHasher,
  options: { goldOnly: boolean } = { goldOnly: false },
): Promise<void> {
  const d = DEMO_PLAYER;
  const existing = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [d.email]);
  // The demo password is set directly: it is a documented QA credential, not a player's choice.
  const hash = existing[0] ? null : await hasher.hash(d.password);
  await transaction(db, async (tx) => {
    let id = existing[0]?.id;
    if (!id) {
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, person_key, birth_year, birth_month,
           birth_day, postal_code, state_or_province, last_password_change)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, now())
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          d.email,
          hash,
          d.first_name,
          d.last_name,
          personKey(d),
          d.birth_year,
          d.birth_month,
          d.birth_day,
          d.postal_code,
          d.state,
        ],
      );
      id = rows[0]?.id;
      if (!id) return; // another instance seeded it at the same moment
    }
    await postLedgerEntry(tx, {
      userId: id,
      currency: 'gold',
      bucket: 'main',
      amountMinor: d.gold,
      kind: 'adjustment',
      reference: 'demo-seed',
      idempotencyKey: `demo-seed:${id}:gold:main`,
    });
    // Gold-only mode credits no Sweeps, not even to the demo player.
    if (options.goldOnly) return;
    await postLedgerEntry(tx, {
      userId: id,
      currency: 'sweeps',
      bucket: 'free',
      amountMinor: d.sweepsCents,
      kind: 'adjustment',
      reference: 'demo-seed',
      idempotencyKey: `demo-seed:${id}:sweeps:free`,
    });
  });
}

/**
 * Takes the published password away from a demo account seeded by an earlier start (a random one
 * replaces it and its sessions end). Answers true when it did; false when there is no such
 * account or its password was changed already.
 */
export async function retireDemoPlayer(db: Database, hasher: PasswordHasher): Promise<boolean> {
  const rows = await db.query<{ id: string; password_hash: string }>(
    'SELECT id, password_hash FROM users WHERE lower(email) = $1',
    [DEMO_PLAYER.email],
  );
  const demo = rows[0];
  if (!demo || !(await hasher.verify(DEMO_PLAYER.password, demo.password_hash)).ok) return false;
  const unusable = await hasher.hash(randomBytes(32).toString('base64url'));
  await transaction(db, async (tx) => {
    await tx.query('UPDATE users SET password_hash = $1 WHERE id = $2', [unusable, demo.id]);
    // Its sessions end: refresh tokens and access tokens alike stop working.
    await endUserSessions(tx, demo.id, 'revoked', Date.now());
  });
  return true;
}

export interface SeedOptions {
  /** Seed the demo player (config.seedDemoPlayer); false retires one left by an earlier start. */
  demoPlayer: boolean;
  /** Gold-only mode: the demo player gets Gold only. */
  goldOnly?: boolean;
  /** Write the starter promotions once (config.seedPromotions); absent = not seeded. */
  promotions?: boolean;
  /** The origin players use: a demo player seeded on a non-local one is logged as a warning. */
  publicOrigin?: string;
  /** The help center's origin (SUPPORT_SITE_ORIGIN): a new database's support_url is its public page. */
  supportSiteOrigin?: string;
  logger?: Pick<Logger, 'info' | 'warn'>;
}

export const seedOptionsOf = (
  config: Pick<
    Config,
    'seedDemoPlayer' | 'seedPromotions' | 'goldOnly' | 'publicOrigin' | 'supportSiteOrigin'
  >,
  logger: Pick<Logger, 'info' | 'warn'>,
): SeedOptions => ({
  demoPlayer: config.seedDemoPlayer,
  goldOnly: config.goldOnly,
  promotions: config.seedPromotions,
  publicOrigin: config.publicOrigin,
  supportSiteOrigin: config.supportSiteOrigin,
  logger,
});

export async function seed(db: Database, hasher: PasswordHasher, options: SeedOptions): Promise<void> {
  await seedProperties(db, configuredDefaults(options.supportSiteOrigin));
  await seedLegalDocuments(db);
  await seedCoinPackages(db);
  await seedPromoCodes(db);
  await seedGames(db);
  if (options.promotions) await seedPromotions(db);
  const local = options.publicOrigin === undefined || isLocalOrigin(options.publicOrigin);
  if (options.demoPlayer) {
    await seedDemoPlayer(db, hasher, { goldOnly: options.goldOnly ?? false });
    // The demo player is a QA credential: it accepts the documents in force at each start, so a
    // QA session is not stopped by the updated-terms dialog (players are asked: see docs/api.md).
    const demo = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [
      DEMO_PLAYER.email,
    ]);
    if (demo[0]) await acceptLatestWithoutAsking(db, demo[0].id, 'seed', Date.now());
    if (!local)
      options.logger?.warn(
        'demo player seeded on a public origin: anyone can sign in with its published password; unset SEED_DEMO_PLAYER or set it to false',
        { public_origin: options.publicOrigin, email: DEMO_PLAYER.email },
      );
  } else if (await retireDemoPlayer(db, hasher)) {
    options.logger?.warn('demo player not seeded: its published password was replaced with a random one', {
      email: DEMO_PLAYER.email,
    });
  }
}
