/**
 * Promo codes (table promo_codes, uses in promo_redemptions). A code adds Gold (bucket main) and
 * Sweeps (bucket free) as ledger entries of kind 'promo', at join and/or with a purchase.
 * Checks, in order: known and active -> usable here (join/purchase) -> started -> not expired ->
 * uses left in total -> uses left for this player -> (purchase) time lock since the player's last
 * purchase with a promotion. Applying re-checks everything inside the caller's transaction and
 * counts the use with a conditional update, so concurrent uses cannot exceed the limits.
 *
 * A purchase claims its promotion when it is reserved, before the card is charged: a purchase still
 * being paid (processing, requires_action) with a code counts as a use of that code by its player,
 * starts the time lock, and counts against the uses left in total. The purchase reservation holds
 * the player's lock (and the code row's, for a code with a total), so parallel purchases with
 * different keys cannot all pass; a declined or abandoned purchase is final and holds nothing.
 * Crediting the purchase then honours its claim (no per-player re-check against itself).
 *
 * The welcome code FREECOINS takes its amounts from the configuration (WELCOME_PROMO_SWEEPS = V,
 * default 1): it credits V Sweeps; its displayed Sweeps value is V x 2.5 and its Gold is the
 * displayed value x 100,000 (so V x 250,000; default 250,000 Gold + 1 Sweeps). See docs/ledger.md.
 */
import type { Config } from '../../platform/config.ts';
import type { Queryable } from '../../db/driver.ts';
import { ApiError } from '../../http/api-error.ts';
import { WELCOME_PROMO_CODE } from '../../../src/contract/constants.ts';
import {
  PROMO_CODE_PATTERN,
  WALLET_ERROR_CODES,
  WALLET_TEXTS,
  type PromoAppliesAt,
  type PromoCodeProblem,
  type PromoContext,
} from '../../../src/contract/wallet.ts';
import { creditCoins } from '../../core/ledger/ledger.ts';

export interface PromoSettings {
  welcomePromoSweepsCents: number;
  /** Gold-only mode: codes add no Sweeps. */
  goldOnly: boolean;
}

export const promoSettingsOf = (
  config: Pick<Config, 'welcomePromoSweepsCents' | 'goldOnly'>,
): PromoSettings => ({
  welcomePromoSweepsCents: config.welcomePromoSweepsCents,
  goldOnly: config.goldOnly,
});

/** Multipliers of spec section 9: displayed Sweeps = configured x 2.5; Gold = displayed x 100,000. */
export const WELCOME_DISPLAY_MULTIPLIER = 2.5;
export const WELCOME_GOLD_PER_DISPLAYED_SWEEP = 100_000;

export interface PromoGrant {
  code: string;
  appliesAt: PromoAppliesAt;
  goldCoins: number;
  sweepsCents: number;
  /** Displayed Sweeps value (welcome code only), display units. */
  displaySweepsValue: number | null;
  endsAt: string | null;
  description: string;
}

type PromoRow = {
  code: string;
  description: string;
  gold_coins: number | string | null;
  sweeps_cents: number | string | null;
  uses_welcome_config: boolean;
  applies_at: PromoAppliesAt;
  starts_at: string | Date | null;
  ends_at: string | Date | null;
  max_uses_total: number | null;
  max_uses_per_player: number;
  uses_count: number;
  purchase_time_lock_seconds: number;
  active: boolean;
};

const iso = (v: string | Date | null): string | null => (v === null ? null : new Date(v).toISOString());

export const promoProblem = (reason: PromoCodeProblem): ApiError =>
  new ApiError(400, WALLET_ERROR_CODES.INVALID_PROMO_CODE, WALLET_TEXTS.promoProblems[reason], 'promo_code', {
    reason,
  });

export const promoTimeLocked = (retryAfterSeconds: number): ApiError =>
  new ApiError(
    409,
    WALLET_ERROR_CODES.PROMO_PURCHASE_TIME_LOCKED,
    WALLET_TEXTS.promoPurchaseTimeLocked,
    'promo_code',
    { retry_after_seconds: retryAfterSeconds },
    { 'Retry-After': String(retryAfterSeconds) },
  );

export const normalizePromoCode = (code: string): string => code.trim().toUpperCase();

function grantOf(row: PromoRow, settings: PromoSettings): PromoGrant {
  let gold: number;
  let sweeps: number;
  let display: number | null = null;
  if (row.uses_welcome_config) {
    sweeps = settings.welcomePromoSweepsCents;
    display = Math.round(sweeps * WELCOME_DISPLAY_MULTIPLIER) / 100;
    // Gold from the configured cents: cents x 2.5 x 100,000 / 100 = cents x 2,500 (no float drift).
    gold = (sweeps * WELCOME_DISPLAY_MULTIPLIER * WELCOME_GOLD_PER_DISPLAYED_SWEEP) / 100;
  } else {
    gold = Number(row.gold_coins ?? 0);
    sweeps = Number(row.sweeps_cents ?? 0);
  }
  return {
    code: row.code,
    appliesAt: row.applies_at,
    goldCoins: Math.round(gold),
    sweepsCents: settings.goldOnly ? 0 : sweeps,
    displaySweepsValue: settings.goldOnly ? null : display,
    endsAt: iso(row.ends_at),
    description: row.description,
  };
}

export interface PromoCheck {
  code: string;
  context: PromoContext;
  /** null: a visitor on the join form (per-player checks skipped). */
  userId: string | null;
  nowMs: number;
  /** Lock the code row (when applying). */
  forUpdate?: boolean;
  /** Lock the code row when it has uses left in total (reserving a purchase with it). */
  lockIfCapped?: boolean;
  /** The purchase that claimed this use when it was reserved (crediting it): its claim stands. */
  claimedByPurchase?: string | null;
}

/** Purchase states that still hold what they claimed (purchase-limits' UNSETTLED_PURCHASE_STATUSES). */
const CLAIMING_PURCHASE_STATUSES = ['processing', 'requires_action'];

/** Checks a code for use now; answers the grant or throws INVALID_PROMO_CODE / PROMO_PURCHASE_TIME_LOCKED. */
export async function checkPromoCode(
  tx: Queryable,
  check: PromoCheck,
  settings: PromoSettings,
): Promise<PromoGrant> {
  const code = normalizePromoCode(check.code);
  if (!PROMO_CODE_PATTERN.test(code)) throw promoProblem('unknown');
  const select = (lock: boolean) =>
    tx.query<PromoRow>(`SELECT * FROM promo_codes WHERE code = $1${lock ? ' FOR UPDATE' : ''}`, [code]);
  let rows = await select(check.forUpdate === true);
  if (!check.forUpdate && check.lockIfCapped && rows[0]?.max_uses_total != null) rows = await select(true);
  const row = rows[0];
  if (!row || !row.active) throw promoProblem('unknown');
  if (row.applies_at !== 'both' && row.applies_at !== check.context) throw promoProblem('not_applicable');
  if (row.starts_at !== null && new Date(row.starts_at).getTime() > check.nowMs)
    throw promoProblem('not_started');
  if (row.ends_at !== null && new Date(row.ends_at).getTime() <= check.nowMs) throw promoProblem('expired');
  const claimedBy = check.claimedByPurchase ?? null;
  if (row.max_uses_total !== null) {
    // Purchases still being paid with this code hold a use each (the one being credited aside).
    const held = await tx.query<{ n: number | string }>(
      `SELECT count(*) AS n FROM purchases
        WHERE promo_code = $1 AND status = ANY($2::text[]) AND ($3::text IS NULL OR id::text <> $3::text)`,
      [code, CLAIMING_PURCHASE_STATUSES, claimedBy],
    );
    if (Number(row.uses_count) + Number(held[0]?.n ?? 0) >= Number(row.max_uses_total))
      throw promoProblem('used_up');
  }
  // A purchase being credited claimed its per-player use and its place in the time lock when it was reserved.
  if (check.userId !== null && claimedBy === null) {
    const used = await tx.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM promo_redemptions WHERE code = $1 AND user_id = $2',
      [code, check.userId],
    );
    // The player's purchases with a promotion still being paid: their claims.
    const pending =
      check.context === 'purchase'
        ? await tx.query<{ same_code: number | string; last_at: string | Date | null }>(
            `SELECT count(*) FILTER (WHERE promo_code = $2) AS same_code, max(created_at) AS last_at
               FROM purchases WHERE user_id = $1 AND promo_code IS NOT NULL AND status = ANY($3::text[])`,
            [check.userId, code, CLAIMING_PURCHASE_STATUSES],
          )
        : [];
    const usedAndHeld = Number(used[0]?.n ?? 0) + Number(pending[0]?.same_code ?? 0);
    if (usedAndHeld >= Number(row.max_uses_per_player)) throw promoProblem('used');
    const lock = Number(row.purchase_time_lock_seconds);
    if (check.context === 'purchase' && lock > 0) {
      const last = await tx.query<{ created_at: string | Date }>(
        `SELECT created_at FROM promo_redemptions WHERE user_id = $1 AND context = 'purchase'
          ORDER BY created_at DESC LIMIT 1`,
        [check.userId],
      );
      const lastAt = Math.max(
        last[0] ? new Date(last[0].created_at).getTime() : -Infinity,
        pending[0]?.last_at ? new Date(pending[0].last_at).getTime() : -Infinity,
      );
      const until = lastAt + lock * 1000;
      if (until > check.nowMs) throw promoTimeLocked(Math.max(1, Math.ceil((until - check.nowMs) / 1000)));
    }
  }
  return grantOf(row, settings);
}

export interface AppliedPromo extends PromoGrant {
  /** Ledger entry ids written (Gold, Sweeps). */
  entryIds: number[];
}

/**
 * Applies a code for a player inside the caller's transaction: counts the use (conditional update),
 * records the redemption and posts the 'promo' entries. Throws the same errors as checkPromoCode.
 * `purchaseId` ties a purchase promotion to its purchase; its entries are keyed by it, so applying
 * the same code to the same purchase twice is refused as 'used' by the unique redemption row
 * (callers that replay a purchase go through creditPurchase, which checks replay first).
 */
export async function applyPromoCode(
  tx: Queryable,
  input: { code: string; context: PromoContext; userId: string; nowMs: number; purchaseId?: string | null },
  settings: PromoSettings,
): Promise<AppliedPromo> {
  // One promotion at a time per player: the per-player count and the time lock read below stay true.
  await tx.query('SELECT id FROM users WHERE id = $1 FOR NO KEY UPDATE', [input.userId]);
  // A stored purchase of this player reserved with this code claimed it then (its claim stands).
  const claimed =
    input.context === 'purchase' && input.purchaseId
      ? await tx.query('SELECT 1 FROM purchases WHERE id::text = $1 AND user_id = $2 AND promo_code = $3', [
          input.purchaseId,
          input.userId,
          normalizePromoCode(input.code),
        ])
      : [];
  const grant = await checkPromoCode(
    tx,
    {
      code: input.code,
      context: input.context,
      userId: input.userId,
      nowMs: input.nowMs,
      forUpdate: true,
      claimedByPurchase: claimed.length > 0 ? (input.purchaseId ?? null) : null,
    },
    settings,
  );
  const counted = await tx.query(
    `UPDATE promo_codes SET uses_count = uses_count + 1
      WHERE code = $1 AND (max_uses_total IS NULL OR uses_count < max_uses_total) RETURNING code`,
    [grant.code],
  );
  if (counted.length === 0) throw promoProblem('used_up');
  const createdAt = new Date(input.nowMs).toISOString();
  await tx.query(
    `INSERT INTO promo_redemptions (code, user_id, context, purchase_id, gold_coins, sweeps_cents, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [
      grant.code,
      input.userId,
      input.context,
      input.purchaseId ?? null,
      grant.goldCoins,
      grant.sweepsCents,
      createdAt,
    ],
  );
  const requestKey = `promo:${input.context}:${input.userId}:${grant.code}:${input.purchaseId ?? 'join'}`;
  const description = `Promo code ${grant.code}`;
  const entryIds = await creditCoins(tx, {
    userId: input.userId,
    goldCoins: grant.goldCoins,
    sweepsCents: grant.sweepsCents,
    sweepsBucket: 'free',
    kind: 'promo',
    reference: `promo:${grant.code}`,
    requestKey,
    description,
    createdAt,
  });
  return { ...grant, entryIds };
}

/** Join hook (create-user, same transaction as the new user row). */
export const applyJoinPromo = (
  tx: Queryable,
  userId: string,
  code: string,
  nowMs: number,
  settings: PromoSettings,
): Promise<AppliedPromo> => applyPromoCode(tx, { code, context: 'join', userId, nowMs }, settings);

/** Records the code a player joined with on the player's row. */
export async function recordJoinCode(tx: Queryable, userId: string, code: string): Promise<void> {
  await tx.query('UPDATE users SET promo_code = $2 WHERE id = $1', [userId, code]);
}

/** Purchase hook (creditPurchase calls it in the purchase transaction). */
export const applyPurchasePromo = (
  tx: Queryable,
  input: { userId: string; code: string; purchaseId: string; nowMs: number },
  settings: PromoSettings,
): Promise<AppliedPromo> => applyPromoCode(tx, { ...input, context: 'purchase' }, settings);

/**
 * Codes every install has. FREECOINS: the welcome code (join only, once per player, amounts from
 * the configuration). GOLDRUSH: a standing purchase promotion (50,000 Gold + 0.50 Sweeps with a
 * purchase, 5 uses per player, 120 s between promotional purchases). Inserted when missing;
 * operators' changes are kept.
 */
export async function seedPromoCodes(db: Queryable): Promise<void> {
  await db.query(
    `INSERT INTO promo_codes (code, description, uses_welcome_config, applies_at, max_uses_per_player)
     VALUES ($1, 'Welcome bonus', true, 'join', 1) ON CONFLICT (code) DO NOTHING`,
    [WELCOME_PROMO_CODE],
  );
  await db.query(
    `INSERT INTO promo_codes (code, description, gold_coins, sweeps_cents, applies_at, max_uses_per_player, purchase_time_lock_seconds)
     VALUES ('GOLDRUSH', 'Gold Rush: extra coins with your purchase', 50000, 50, 'purchase', 5, 120)
     ON CONFLICT (code) DO NOTHING`,
  );
}
