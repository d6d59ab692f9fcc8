/**
 * A player's redemption requests, cash outs and cancels (docs/redemption.md). The rules, in the
 * order they are checked:
 *   1. the request's own fields (method details, the prize-out email confirmation) — 400;
 *   2. identity verified, else 403 IDENTITY_VERIFICATION_REQUIRED (the player is asked to verify);
 *   3. the W-9 rule for the calendar year's prizes — 403 W9_REQUIRED;
 *   then in ONE wallet transaction that starts by locking the player's row (so a burst of
 *   requests, on any server instance, is checked one after the other against committed rows):
 *   4. the play gate (suspension, W-9 state) and identity again;
 *   5. billing address on file, state not excluded;
 *   6. the method's minimum for the player's tier;
 *   7. the e-wallet rules (PayPal email of another account, or not the account's e-wallet);
 *   8. the limit of the sweepstakes entry period;
 *   9. enough redeemable Sweeps — and then the row, its timeline and the ledger hold.
 * A retry with the same Idempotency-Key finds the row by its request key and answers it again.
 */
import { centsToDisplay } from '../../core/ledger/money.ts';
import { randomUUID } from 'node:crypto';
import { PLAYER_STANDING_ERROR_CODES } from '../../../src/contract/player-standing.ts';
import { PLAYER_STANDING_TEXTS } from '../../../src/contract/player-standing-texts.ts';
import { PROPERTY_DEFAULTS, PROPERTY_NAMES } from '../../../src/contract/properties.ts';
import {
  belowMinimumText,
  GIFT_CARD_BRANDS,
  parseRedemptionValues,
  REDEMPTION_ERROR_CODES,
  REDEMPTION_METHODS,
  REDEMPTION_TEXTS,
  REJECTED_ACH_FEE_USD_CENTS,
  type BankAccount,
  type GiftCardBrand,
  type MinimumTier,
  type RedemptionMethod,
  type RedemptionOptions,
  type RedemptionValues,
} from '../../../src/contract/redemption.ts';
import type { Balances } from '../../../src/contract/schemas.ts';
import { ERROR_CODES } from '../../../src/contract/errors.ts';
import type { Queryable } from '../../db/driver.ts';
import { transaction } from '../../db/transaction.ts';
import { ApiError, type ApiErrorCode } from '../../http/api-error.ts';
import type { AppDeps } from '../../core/deps.ts';
import { assertMayAct } from '../../core/play-gate.ts';
import { reauthenticationDemand, requireIdentityVerification } from '../kyc/public.ts';
import { KYC_ERROR_CODES, KYC_TEXTS } from '../../../src/contract/kyc.ts';
import { sweepsGrantHold } from '../../core/sweeps-eligibility.ts';
import { readProperties } from '../../core/properties.ts';
import { w9RequiredBeforeRedemption } from '../tax/public.ts';
import { readBalances } from '../../core/ledger/balances.ts';
import { InsufficientFundsError } from '../../core/ledger/ledger.ts';
import { walletTransaction } from '../../core/ledger/wallet-transaction.ts';
import { isValidRoutingNumber, sealAccountNumber } from './bank-account.ts';
import { entryPeriodOf, formatPeriodEnd } from './entry-period.ts';
import { clearWithdrawalData } from './withdrawal-data.ts';
import {
  feeInSweepsCents,
  holdForRedemption,
  lockRedeemableCents,
  releaseHold,
} from './redemption-ledger.ts';
import {
  addTimelineStep,
  changeStatus,
  lockRedemption,
  redemptionNotFound,
  type MailingAddress,
  type RedemptionRow,
} from './redemption-store.ts';

export interface RedemptionSettings {
  limitPerPeriodUsdCents: number;
  cashOutFeeUsdCents: number;
}

export const settingsOf = (deps: AppDeps): RedemptionSettings => ({
  limitPerPeriodUsdCents: deps.config.redemptionLimitPerPeriodUsdCents,
  cashOutFeeUsdCents: deps.config.cashOutFeeUsdCents,
});

export interface RequestInput {
  method: RedemptionMethod;
  sweepsCents: number;
  paypalEmail?: string;
  bank?: BankAccount;
  giftCardBrand?: GiftCardBrand;
  emailConfirmed?: boolean;
  /** A cash out: PayPal to the e-wallet on file, with the cash-out fee. */
  cashOut: boolean;
}

export interface RequestOutcome {
  row: RedemptionRow;
  /** Sweeps cents that left redeemable: the prize plus a fee. */
  takenSweepsCents: number;
  balances: Balances;
}

type PlayerRow = {
  email: string;
  first_name: string;
  last_name: string;
  identity_state: string;
  address_line_1: string | null;
  address_line_2: string | null;
  city: string | null;
  state_or_province: string;
  postal_code: string;
};

const fail = (
  status: 400 | 403 | 404 | 409,
  code: ApiErrorCode,
  message: string,
  field: string | null = null,
  extra: Record<string, unknown> | null = null,
) => new ApiError(status, code, message, field, extra);

const identityRequired = (state: string) =>
  fail(
    403,
    REDEMPTION_ERROR_CODES.IDENTITY_VERIFICATION_REQUIRED,
    REDEMPTION_TEXTS.identityVerificationRedemption,
    null,
    {
      reason: 'redemption',
      identity_state: state,
    },
  );

export async function readRedemptionValues(db: Queryable): Promise<RedemptionValues> {
  const props = await readProperties(db, [PROPERTY_NAMES.redemptionValues], {});
  return parseRedemptionValues(props[0]?.value, PROPERTY_DEFAULTS.redemption_values);
}

/** Prize value of some Sweeps cents at the rate: whole cents, rounded down (never more than the coins are worth). */
export const usdCentsOf = (sweepsCents: number, sweepsPerUsd: number): number =>
  Math.floor(sweepsCents / sweepsPerUsd + 1e-9);

/** The method's minimum in Sweeps cents for a tier. */
export const minimumSweepsCents = (
  values: RedemptionValues,
  method: RedemptionMethod,
  tier: MinimumTier,
): number => Math.round(values.minimumsUsd[method][tier] * 100 * values.sweepsPerUsd);

/**
 * The low tier is a player's first prize: while the player has no redemption other than cancelled
 * or rejected ones, the lower minimum applies, so a new player can take a first prize sooner;
 * after that the regular minimum. It does not depend on purchases (a sweepstakes treats players
 * who never bought the same as those who did).
 */
export async function minimumTierOf(db: Queryable, userId: string): Promise<MinimumTier> {
  const rows = await db.query(
    `SELECT 1 FROM redemptions WHERE user_id = $1 AND status NOT IN ('cancelled', 'rejected') LIMIT 1`,
    [userId],
  );
  return rows.length > 0 ? 'regular' : 'low';
}

/** USD cents of the player's redemptions in the entry period of `nowMs`, cancelled and rejected aside. */
export async function redeemedInPeriodCents(db: Queryable, userId: string, nowMs: number): Promise<number> {
  const { startMs, endMs } = entryPeriodOf(nowMs);
  const rows = await db.query<{ total: number | string | null }>(
    `SELECT coalesce(sum(usd_cents), 0) AS total FROM redemptions
      WHERE user_id = $1 AND status NOT IN ('cancelled', 'rejected') AND created_at >= $2 AND created_at < $3`,
    [userId, new Date(startMs).toISOString(), new Date(endMs).toISOString()],
  );
  return Number(rows[0]?.total ?? 0);
}

async function ewalletOf(db: Queryable, userId: string): Promise<string | null> {
  const rows = await db.query<{ email: string }>('SELECT email FROM redemption_ewallets WHERE user_id = $1', [
    userId,
  ]);
  return rows[0]?.email ?? null;
}

/** Checks the fields a method needs; answers nothing, throws the 400 of the first one missing. */
function checkMethodFields(input: RequestInput): void {
  const missing = (field: string, what: string) =>
    fail(400, ERROR_CODES.VALIDATION_ERROR, `Please enter ${what}.`, field);
  if (!REDEMPTION_METHODS.includes(input.method)) throw missing('method', 'a redemption method');
  if (input.method === 'paypal' && !input.cashOut && !input.paypalEmail)
    throw missing('paypal_email', 'your PayPal email');
  if (input.method === 'ach') {
    if (!input.bank) throw missing('bank', 'your bank account');
    if (!isValidRoutingNumber(input.bank.routing_number))
      throw fail(
        400,
        ERROR_CODES.VALIDATION_ERROR,
        'This routing number is not valid. Please check the 9 digits.',
        'bank.routing_number',
      );
  }
  if (
    input.method === 'gift_card' &&
    !(input.giftCardBrand && GIFT_CARD_BRANDS.includes(input.giftCardBrand))
  )
    throw missing('gift_card_brand', 'a gift card brand');
  if (input.method === 'prizeout' && input.emailConfirmed !== true)
    throw fail(
      400,
      REDEMPTION_ERROR_CODES.PRIZEOUT_EMAIL_NOT_CONFIRMED,
      REDEMPTION_TEXTS.prizeoutEmailNotConfirmed,
      'email_confirmed',
    );
}

async function findByRequestKey(db: Queryable, requestKey: string): Promise<RedemptionRow | null> {
  const rows = await db.query<RedemptionRow>('SELECT * FROM redemptions WHERE request_key = $1', [
    requestKey,
  ]);
  return rows[0] ?? null;
}

const totalTaken = (row: RedemptionRow): number => Number(row.sweeps_cents) + Number(row.fee_sweeps_cents);

export async function requestRedemption(
  deps: AppDeps,
  userId: string,
  requestKey: string,
  input: RequestInput,
): Promise<RequestOutcome> {
  const { db } = deps;
  const done = await findByRequestKey(db, requestKey);
  if (done)
    return { row: done, takenSweepsCents: totalTaken(done), balances: await readBalances(db, userId) };

  checkMethodFields(input);
  const nowMs = deps.now();
  const values = await readRedemptionValues(db);
  const usdCents = usdCentsOf(input.sweepsCents, values.sweepsPerUsd);

  // Identity first: a player not verified is asked to verify (none -> required), committed on its
  // own so the request's refusal does not roll the ask back.
  const standing = await db.query<{ identity_state: string }>(
    'SELECT identity_state FROM users WHERE id = $1',
    [userId],
  );
  if (standing[0]?.identity_state !== 'verified') {
    const state = await transaction(db, (tx) => requireIdentityVerification(tx, userId, nowMs));
    throw identityRequired(state);
  }
  // The W-9 rule marks the W-9 required in its own statement (kept when this request is refused).
  if (await w9RequiredBeforeRedemption(db, userId, Math.max(usdCents, 0), nowMs))
    throw fail(403, PLAYER_STANDING_ERROR_CODES.W9_REQUIRED, PLAYER_STANDING_TEXTS.w9Required);

  const settings = settingsOf(deps);
  try {
    return await walletTransaction(db, userId, async (tx) => {
      // The player's lock: every request of this player, on any connection, waits here for the
      // one before to commit, then sees its row (limit, tier, balance are checked on committed data).
      const players = await tx.query<PlayerRow>(
        `SELECT email, first_name, last_name, identity_state, address_line_1, address_line_2, city,
                state_or_province, postal_code FROM users WHERE id = $1 FOR NO KEY UPDATE`,
        [userId],
      );
      const player = players[0];
      if (!player) throw fail(403, ERROR_CODES.NOT_AUTHENTICATED, 'Please sign in again.');
      const again = await findByRequestKey(tx, requestKey);
      if (again)
        return { row: again, takenSweepsCents: totalTaken(again), balances: await readBalances(tx, userId) };

      await assertMayAct(tx, userId, 'redeem', nowMs);
      if (player.identity_state !== 'verified') throw identityRequired(player.identity_state);
      // The person verified confirms it is them: after a name change, before a large redemption.
      const reauthentication = await reauthenticationDemand(tx, userId, usdCents, nowMs);
      if (reauthentication)
        throw fail(
          403,
          KYC_ERROR_CODES.KYC_REAUTHENTICATION_REQUIRED,
          reauthentication === 'name_change'
            ? KYC_TEXTS.reauthenticationNameChange
            : KYC_TEXTS.reauthenticationLargeRedemption,
          null,
          { reason: reauthentication },
        );
      if (!player.address_line_1?.trim() || !player.city?.trim())
        throw fail(409, REDEMPTION_ERROR_CODES.ADDRESS_REQUIRED, REDEMPTION_TEXTS.addressRequired);
      // No Sweeps for the player's state (excluded or the operator's prohibited_states), so none to redeem.
      if ((await sweepsGrantHold(tx, { goldOnly: false }, userId))?.kind === 'state')
        throw fail(
          403,
          REDEMPTION_ERROR_CODES.REDEMPTION_STATE_EXCLUDED,
          REDEMPTION_TEXTS.stateExcluded.replace('{state}', player.state_or_province),
        );

      const tier = await minimumTierOf(tx, userId);
      const minimum = minimumSweepsCents(values, input.method, tier);
      if (input.sweepsCents < minimum || usdCents <= 0)
        throw fail(
          400,
          REDEMPTION_ERROR_CODES.REDEMPTION_BELOW_MINIMUM,
          belowMinimumText(input.method, centsToDisplay(minimum)),
          'amount',
          {
            method: input.method,
            tier,
            minimum: centsToDisplay(minimum),
            minimum_usd: values.minimumsUsd[input.method][tier],
          },
        );

      let paypalEmail: string | null = null;
      if (input.method === 'paypal') {
        const onFile = await ewalletOf(tx, userId);
        if (input.cashOut) {
          if (!onFile)
            throw fail(409, REDEMPTION_ERROR_CODES.EWALLET_NOT_SET, REDEMPTION_TEXTS.ewalletNotSet);
          paypalEmail = onFile;
        } else {
          const asked = input.paypalEmail!.trim();
          if (onFile && onFile.toLowerCase() !== asked.toLowerCase())
            throw fail(
              409,
              REDEMPTION_ERROR_CODES.EWALLET_EMAIL_MISMATCH,
              REDEMPTION_TEXTS.ewalletEmailMismatch.replace('{email}', onFile),
              'paypal_email',
              { ewallet_email: onFile },
            );
          if (!onFile) {
            // The unique index on lower(email) decides between two accounts racing for one email.
            await tx.query(
              `INSERT INTO redemption_ewallets (user_id, email, created_at) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`,
              [userId, asked, new Date(nowMs).toISOString()],
            );
            if ((await ewalletOf(tx, userId))?.toLowerCase() !== asked.toLowerCase())
              throw fail(
                409,
                REDEMPTION_ERROR_CODES.EWALLET_EMAIL_IN_USE,
                REDEMPTION_TEXTS.ewalletEmailInUse,
                'paypal_email',
              );
          }
          paypalEmail = asked;
        }
      }

      const period = entryPeriodOf(nowMs);
      const used = await redeemedInPeriodCents(tx, userId, nowMs);
      if (used + usdCents > settings.limitPerPeriodUsdCents)
        throw fail(
          409,
          REDEMPTION_ERROR_CODES.REDEMPTION_LIMIT_REACHED,
          REDEMPTION_TEXTS.limitReached.replace('{until}', formatPeriodEnd(period.endMs)),
          'amount',
          {
            limit_usd: settings.limitPerPeriodUsdCents / 100,
            used_usd: used / 100,
            remaining_usd: Math.max(settings.limitPerPeriodUsdCents - used, 0) / 100,
            period_ends_at: new Date(period.endMs).toISOString(),
          },
        );

      const feeUsdCents = input.cashOut ? settings.cashOutFeeUsdCents : 0;
      const feeSweepsCents =
        feeUsdCents > 0 ? feeInSweepsCents(feeUsdCents, values.sweepsPerUsd, Infinity) : 0;
      const redeemable = await lockRedeemableCents(tx, userId);
      if (redeemable < input.sweepsCents + feeSweepsCents) throw new InsufficientFundsError();

      const id = randomUUID();
      const at = new Date(nowMs).toISOString();
      const mailing: MailingAddress | null =
        input.method === 'paper_check'
          ? {
              name: `${player.first_name} ${player.last_name}`,
              address_line_1: player.address_line_1!,
              address_line_2: player.address_line_2,
              city: player.city!,
              state_or_province: player.state_or_province,
              postal_code: player.postal_code,
            }
          : null;
      const bank = input.method === 'ach' ? input.bank! : null;
      await tx.query(
        `INSERT INTO redemptions (id, user_id, method, cash_out, sweeps_cents, usd_cents, sweeps_per_usd,
           fee_usd_cents, fee_sweeps_cents, status, minimum_tier, paypal_email, bank_account_holder,
           bank_routing_number, bank_account_last4, bank_account_type, bank_account_encrypted,
           mailing_address, gift_card_brand, prizeout_email, request_key, created_at, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'pending', $10, $11, $12, $13, $14, $15, $16, $17::jsonb,
           $18, $19, $20, $21, $21)`,
        [
          id,
          userId,
          input.method,
          input.cashOut,
          input.sweepsCents,
          usdCents,
          values.sweepsPerUsd,
          feeUsdCents,
          feeSweepsCents,
          tier,
          paypalEmail,
          bank?.account_holder.trim() ?? null,
          bank?.routing_number ?? null,
          bank ? bank.account_number.slice(-4) : null,
          bank?.account_type ?? null,
          bank ? sealAccountNumber(bank.account_number, deps.secrets.paymentsSecret) : null,
          mailing ? JSON.stringify(mailing) : null,
          input.method === 'gift_card' ? input.giftCardBrand! : null,
          input.method === 'prizeout' ? player.email : null,
          requestKey,
          at,
        ],
      );
      const entries = await holdForRedemption(tx, {
        userId,
        redemptionId: id,
        sweepsCents: input.sweepsCents,
        feeSweepsCents,
        requestKey,
        createdAt: at,
      });
      const rows = await tx.query<RedemptionRow>(
        `UPDATE redemptions SET debit_entry_id = $2, hold_entry_id = $3, fee_entry_id = $4 WHERE id = $1 RETURNING *`,
        [id, entries.debitEntryId, entries.holdEntryId, entries.feeEntryId],
      );
      const row = rows[0]!;
      await addTimelineStep(tx, row, 'requested', nowMs);
      await addTimelineStep(tx, row, 'identity_checked', nowMs, 'Identity verified before the request');
      // The form kept between visits has done its job (temp_withdrawal_data).
      await clearWithdrawalData(tx, userId);
      return {
        row,
        takenSweepsCents: input.sweepsCents + feeSweepsCents,
        balances: await readBalances(tx, userId),
      };
    });
  } catch (error) {
    if (error instanceof InsufficientFundsError)
      throw fail(
        400,
        REDEMPTION_ERROR_CODES.INSUFFICIENT_REDEEMABLE,
        REDEMPTION_TEXTS.insufficientRedeemable,
        'amount',
      );
    throw error;
  }
}

/** The player cancels a pending redemption: the held coins (and a cash-out fee) go back to redeemable. */
export async function cancelRedemption(
  deps: AppDeps,
  userId: string,
  redemptionId: string,
): Promise<{ row: RedemptionRow; balances: Balances }> {
  const nowMs = deps.now();
  return walletTransaction(deps.db, userId, async (tx) => {
    // Same lock order as a request (player, then the redemption, then the balances): no deadlock.
    await tx.query('SELECT 1 FROM users WHERE id = $1 FOR NO KEY UPDATE', [userId]);
    const row = await lockRedemption(tx, redemptionId, userId);
    if (!row) throw redemptionNotFound();
    if (row.status === 'cancelled') return { row, balances: await readBalances(tx, userId) }; // a second cancel changes nothing
    if (row.status !== 'pending')
      throw fail(
        409,
        REDEMPTION_ERROR_CODES.REDEMPTION_NOT_CANCELLABLE,
        REDEMPTION_TEXTS.notCancellable.replace('{status}', row.status),
        'redemption_id',
        { status: row.status },
      );
    await changeStatus(tx, row, 'cancelled', nowMs, { note: 'Cancelled by the player' });
    await releaseHold(tx, row, 'redemption cancelled by the player', new Date(nowMs).toISOString());
    const updated = await tx.query<RedemptionRow>(
      'UPDATE redemptions SET fee_usd_cents = 0, fee_sweeps_cents = 0 WHERE id = $1 RETURNING *',
      [row.id],
    );
    return { row: updated[0]!, balances: await readBalances(tx, userId) };
  });
}

/** What the redeem pages show before a request: minimums of the player's tier, the limit, the e-wallet. */
export async function redemptionOptions(deps: AppDeps, userId: string): Promise<RedemptionOptions> {
  const { db } = deps;
  const nowMs = deps.now();
  const settings = settingsOf(deps);
  const [values, tier, used, ewallet, balances, users] = await Promise.all([
    readRedemptionValues(db),
    minimumTierOf(db, userId),
    redeemedInPeriodCents(db, userId, nowMs),
    ewalletOf(db, userId),
    readBalances(db, userId),
    db.query<{ email: string }>('SELECT email FROM users WHERE id = $1', [userId]),
  ]);
  const min = (m: RedemptionMethod) => minimumSweepsCents(values, m, tier) / 100;
  const period = entryPeriodOf(nowMs);
  return {
    sweeps_per_usd: values.sweepsPerUsd,
    tier,
    minimums_ghc: {
      gift_card: min('gift_card'),
      paypal: min('paypal'),
      ach: min('ach'),
      paper_check: min('paper_check'),
      prizeout: min('prizeout'),
    },
    redeemable_ghc: balances.balance_redeemable_ghc,
    limit: {
      period: 'day_et',
      limit_usd: settings.limitPerPeriodUsdCents / 100,
      used_usd: used / 100,
      remaining_usd: Math.max(settings.limitPerPeriodUsdCents - used, 0) / 100,
      period_ends_at: new Date(period.endMs).toISOString(),
    },
    ewallet_email: ewallet,
    prizeout_email: users[0]?.email ?? '',
    cash_out_fee_usd: settings.cashOutFeeUsdCents / 100,
    rejected_ach_fee_usd: REJECTED_ACH_FEE_USD_CENTS / 100,
    gift_card_brands: [...GIFT_CARD_BRANDS],
  };
}
