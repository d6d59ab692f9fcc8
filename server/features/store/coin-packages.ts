/**
 * Coin packages (table coin_packages): the seeded price ladder, reading the packages a player can
 * buy, and the coin-store rules shared with the purchase flow (store switched off by the
 * coin_store_enabled named property; no Sweeps for residents of a state without Sweeps or in
 * gold-only mode: the server decides, the answer says so).
 */
import { readProhibitedStatesValue, stateHold } from '../../core/sweeps-eligibility.ts';
import {
  PAYMENT_ERROR_CODES,
  PAYMENT_TEXTS,
  type BankingPackagesResponse,
  type CoinPackage,
} from '../../../src/contract/payments.ts';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import type { Config } from '../../platform/config.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { readProperties } from '../../core/properties.ts';

interface SeedPackage {
  id: string;
  name: string;
  description: string;
  /** The description shown in gold-only mode (no Sweeps in the product). */
  goldOnlyDescription: string;
  price: number;
  original?: number;
  gold: number;
  sweepsCents: number;
  featured?: boolean;
  sortOrder: number;
}

/** The price ladder: Gold Coins at 10,000 per dollar with bonus Gold on larger packs, free Sweeps ~1 per dollar. */
export const SEED_PACKAGES: readonly SeedPackage[] = [
  {
    id: 'gold-199',
    name: '20,000 Gold Coins',
    description: 'Starter pack',
    goldOnlyDescription: 'Starter pack',
    price: 199,
    gold: 20_000,
    sweepsCents: 200,
    sortOrder: 10,
  },
  {
    id: 'gold-499',
    name: '50,000 Gold Coins',
    description: 'Includes 5 free Sweeps Coins',
    goldOnlyDescription: 'A handy top-up',
    price: 499,
    gold: 50_000,
    sweepsCents: 500,
    sortOrder: 20,
  },
  {
    id: 'gold-999',
    name: '100,000 Gold Coins',
    description: 'Includes 10 free Sweeps Coins',
    goldOnlyDescription: 'Plenty of spins',
    price: 999,
    gold: 100_000,
    sweepsCents: 1_000,
    sortOrder: 30,
  },
  {
    id: 'gold-1999',
    name: '210,000 Gold Coins',
    description: 'Most popular: 5% bonus Gold',
    goldOnlyDescription: 'Most popular: 5% bonus Gold',
    price: 1_999,
    gold: 210_000,
    sweepsCents: 2_000,
    sortOrder: 40,
  },
  {
    id: 'gold-4999',
    name: '550,000 Gold Coins',
    description: '10% bonus Gold',
    goldOnlyDescription: '10% bonus Gold',
    price: 4_999,
    gold: 550_000,
    sweepsCents: 5_000,
    sortOrder: 50,
  },
  {
    id: 'gold-9999',
    name: '1,150,000 Gold Coins',
    description: 'Best value: 15% bonus Gold',
    goldOnlyDescription: 'Best value: 15% bonus Gold',
    price: 9_999,
    gold: 1_150_000,
    sweepsCents: 10_000,
    sortOrder: 60,
  },
  {
    id: 'featured-welcome',
    name: 'Welcome Offer: 200,000 Gold Coins',
    description: 'Double Gold for half the price: 200,000 Gold Coins + 20 free Sweeps Coins',
    goldOnlyDescription: 'Double Gold for half the price: 200,000 Gold Coins',
    price: 999,
    original: 1_999,
    gold: 200_000,
    sweepsCents: 2_000,
    featured: true,
    sortOrder: 0,
  },
];

/** How long the seeded featured offer runs from the first start. */
export const FEATURED_OFFER_DAYS = 30;

/** Inserts the ladder once; operators' changes (prices, end times, inactive rows) are kept. */
export async function seedCoinPackages(db: Queryable, nowMs: number = Date.now()): Promise<void> {
  for (const p of SEED_PACKAGES) {
    await db.query(
      `INSERT INTO coin_packages (id, name, description, price_usd_cents, original_price_usd_cents, gold_coins, sweeps_cents,
         featured, show_countdown, end_time, sort_order)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $8, $9, $10) ON CONFLICT (id) DO NOTHING`,
      [
        p.id,
        p.name,
        p.description,
        p.price,
        p.original ?? null,
        p.gold,
        p.sweepsCents,
        p.featured ?? false,
        p.featured ? new Date(nowMs + FEATURED_OFFER_DAYS * 24 * 3600_000).toISOString() : null,
        p.sortOrder,
      ],
    );
  }
}

export interface PackageRow {
  [key: string]: unknown;
  id: string;
  name: string;
  description: string;
  price_usd_cents: number;
  original_price_usd_cents: number | null;
  gold_coins: number | string;
  sweeps_cents: number | string;
  featured: boolean;
  show_countdown: boolean;
  end_time: Date | string | null;
  cdn_image: string | null;
  cdn_image_width: number | null;
  cdn_image_height: number | null;
}

/** Packages on sale now: active and not past their end time. */
export async function listPackages(db: Queryable, nowMs: number): Promise<PackageRow[]> {
  return db.query<PackageRow>(
    `SELECT * FROM coin_packages WHERE active AND (end_time IS NULL OR end_time > $1) ORDER BY featured DESC, sort_order, price_usd_cents`,
    [new Date(nowMs).toISOString()],
  );
}

export async function findPackage(db: Queryable, id: string, nowMs: number): Promise<PackageRow | null> {
  const rows = await db.query<PackageRow>(
    `SELECT * FROM coin_packages WHERE id = $1 AND active AND (end_time IS NULL OR end_time > $2)`,
    [id, new Date(nowMs).toISOString()],
  );
  return rows[0] ?? null;
}

export function packageNotFound(): ApiError {
  return new ApiError(
    404,
    PAYMENT_ERROR_CODES.PACKAGE_NOT_FOUND,
    'This package is no longer available. Please choose another one.',
    'package_id',
  );
}

/** Throws 403 COIN_STORE_DISABLED (the configured message) when the store is switched off. */
export async function assertCoinStoreEnabled(db: Queryable): Promise<void> {
  const props = await readProperties(
    db,
    [PROPERTY_NAMES.coinStoreEnabled, PROPERTY_NAMES.coinStoreUnavailableMessage],
    {},
  );
  const get = (k: string) => props.find((p) => p.key === k)?.value;
  if (get(PROPERTY_NAMES.coinStoreEnabled) === 'false') {
    throw new ApiError(
      403,
      PAYMENT_ERROR_CODES.COIN_STORE_DISABLED,
      get(PROPERTY_NAMES.coinStoreUnavailableMessage) ?? PROPERTY_DEFAULTS.coin_store_unavailable_message,
      null,
      { title: PAYMENT_TEXTS.coinStoreUnavailableTitle },
    );
  }
}

export interface SweepsEligibility {
  eligible: boolean;
  /** The state that withholds Sweeps, or null (eligible, or gold-only mode). */
  withheldState: string | null;
  /** Gold-only mode: the product has no Sweeps, so nothing is withheld and no text names them. */
  goldOnly: boolean;
}

/**
 * Residents of a state without Sweeps (the excluded states and the operator's prohibited_states,
 * server/core/sweeps-eligibility.ts) and everyone in gold-only mode get no Sweeps.
 * `prohibitedStatesValue` is the stored property (readProhibitedStatesValue).
 */
export function sweepsEligibility(
  config: Pick<Config, 'goldOnly'>,
  state: string,
  prohibitedStatesValue: string | null,
): SweepsEligibility {
  const hold = stateHold(config, prohibitedStatesValue, state);
  if (hold?.kind === 'gold_only') return { eligible: false, withheldState: null, goldOnly: true };
  if (hold?.kind === 'state') return { eligible: false, withheldState: hold.state, goldOnly: false };
  return { eligible: true, withheldState: null, goldOnly: false };
}

const usd = (cents: number): number => Math.round(cents) / 100;

const MENTIONS_SWEEPS = /sweep/i;

/**
 * A package text for gold-only mode: the seeded text's Gold-only twin when the operator has not
 * changed it; otherwise the text without its clauses that name Sweeps (clauses split at ":", ",",
 * ";", " + " and sentence ends), or `fallback` when nothing is left.
 */
export function goldOnlyText(
  text: string,
  fallback: string,
  seeded?: { text: string; goldOnly: string },
): string {
  if (seeded && text === seeded.text) return seeded.goldOnly;
  if (!MENTIONS_SWEEPS.test(text)) return text;
  const kept = text
    .split(/(?<=[.!?:;,])\s+|\s+\+\s+/)
    .filter((clause) => !MENTIONS_SWEEPS.test(clause))
    .join(' ')
    .replace(/[:;,]\s*$/, '')
    .trim();
  return kept === '' ? fallback : kept;
}

const SEEDED_BY_ID = new Map(SEED_PACKAGES.map((p) => [p.id, p]));

export function toWirePackage(row: PackageRow, eligibility: SweepsEligibility): CoinPackage {
  const sweepsCents = Number(row.sweeps_cents);
  const gold = Number(row.gold_coins);
  const seeded = SEEDED_BY_ID.get(row.id);
  const goldName = `${gold.toLocaleString('en-US')} Gold Coins`;
  return {
    id: row.id,
    name: eligibility.goldOnly ? goldOnlyText(row.name, goldName) : row.name,
    featured: row.featured,
    price_usd: usd(row.price_usd_cents),
    original_price_usd: row.original_price_usd_cents === null ? null : usd(row.original_price_usd_cents),
    quantity_gld: gold,
    quantity_ghc: eligibility.eligible ? sweepsCents / 100 : 0,
    sweeps_withheld: !eligibility.eligible && !eligibility.goldOnly && sweepsCents > 0,
    show_countdown: row.show_countdown,
    description: eligibility.goldOnly
      ? goldOnlyText(
          row.description,
          goldName,
          seeded ? { text: seeded.description, goldOnly: seeded.goldOnlyDescription } : undefined,
        )
      : row.description,
    end_time: row.end_time === null ? null : new Date(row.end_time).toISOString(),
    cdn_image: row.cdn_image,
    cdn_image_width: row.cdn_image_width,
    cdn_image_height: row.cdn_image_height,
  };
}

export async function bankingPackages(
  db: Queryable,
  config: Pick<Config, 'goldOnly'>,
  state: string,
  nowMs: number,
): Promise<BankingPackagesResponse> {
  const eligibility = sweepsEligibility(config, state, await readProhibitedStatesValue(db));
  const rows = await listPackages(db, nowMs);
  return {
    results: rows.map((r) => toWirePackage(r, eligibility)),
    sweeps_eligible: eligibility.eligible,
    sweeps_withheld_state: eligibility.withheldState,
  };
}
