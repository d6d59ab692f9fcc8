/**
 * First-start content, safe to run on every start: missing named properties, new legal document
 * versions, and the demo player (unless SEED_DEMO_PLAYER=false) with 250,000 Gold Coins and 25.00
 * Sweeps Coins written as ledger entries (kind 'adjustment', reference 'demo-seed'). The demo
 * player is created once; the ledger's idempotency keys keep the coins from being paid twice.
 */
import type { Database } from './db/driver.ts';
import { transaction } from './db/transaction.ts';
import { seedLegalDocuments } from './features/legal/legal-documents.ts';
import { seedProperties } from './features/properties/properties.ts';
import { seedCoinPackages } from './features/store/coin-packages.ts';
import { seedPromoCodes } from './features/promo-codes/promo-codes.ts';
import type { PasswordHasher } from './features/auth/password-hash.ts';
import { householdKey, personKey } from './features/users/identity-keys.ts';
import { postLedgerEntry } from './features/wallet/ledger.ts';

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

export async function seedDemoPlayer(db: Database, hasher: PasswordHasher): Promise<void> {
  const d = DEMO_PLAYER;
  const existing = await db.query<{ id: string }>('SELECT id FROM users WHERE lower(email) = $1', [d.email]);
  // The demo password is set directly: it is a documented QA credential, not a player's choice.
  const hash = existing[0] ? null : await hasher.hash(d.password);
  await transaction(db, async (tx) => {
    let id = existing[0]?.id;
    if (!id) {
      const rows = await tx.query<{ id: string }>(
        `INSERT INTO users (email, password_hash, first_name, last_name, person_key, household_key, birth_year, birth_month,
           birth_day, postal_code, state_or_province, last_password_change)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, now())
         ON CONFLICT DO NOTHING RETURNING id`,
        [
          d.email,
          hash,
          d.first_name,
          d.last_name,
          personKey(d),
          householdKey(d),
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

export async function seed(
  db: Database,
  hasher: PasswordHasher,
  options: { demoPlayer: boolean },
): Promise<void> {
  await seedProperties(db);
  await seedLegalDocuments(db);
  await seedCoinPackages(db);
  await seedPromoCodes(db);
  if (options.demoPlayer) await seedDemoPlayer(db, hasher);
}
