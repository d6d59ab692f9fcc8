/**
 * Login bonus contract (spec sections 3, 4, 7 and 8): the rule's defaults, paths, wire shapes and
 * the player-facing texts. Paths are relative to /api/v1. Never imported by start-up modules: the
 * login answer's quantity_ghc / quantity_gld are in schemas.ts; the dialog and the follow-up load
 * this file with them.
 *
 * Rule (docs/login-bonus.md): the first sign-in of each Eastern Time day (12:00am to 11:59pm ET,
 * src/contract/eastern-time.ts), from the day after the account was created, credits
 * LOGIN_BONUS_GOLD Gold Coins and LOGIN_BONUS_SWEEPS free Sweeps Coins (no Sweeps in gold-only
 * mode or where Sweeps are not offered). A player whose standing stops bonuses gets none.
 * Answers use `type()` so a newer server may add fields.
 */
import { number, type, type Infer } from 'superstruct';

/** Defaults of the server settings LOGIN_BONUS_GOLD and LOGIN_BONUS_SWEEPS (Sweeps in cents here). */
export const LOGIN_BONUS_DEFAULTS = {
  goldCoins: 5_000,
  sweepsCents: 20,
} as const;

export const LOGIN_BONUS_API_PATHS = {
  /** GET -> LoginBonusCoins: the bonus of today's first sign-in the player has not acknowledged yet (0s when none). */
  pending: '/login-bonus',
  /** POST (no body, or `{}`) -> LoginBonusCoins (0s): the player saw the bonus; it is no longer pending. */
  acknowledge: '/login-bonus/acknowledge',
} as const;

/** The spec's "user login bonus coins" answer: Sweeps (quantity_ghc, 2 decimals) and Gold (quantity_gld, whole). */
export const LoginBonusCoinsSchema = type({
  quantity_ghc: number(),
  quantity_gld: number(),
});
export type LoginBonusCoins = Infer<typeof LoginBonusCoinsSchema>;

/** Dialog kind of the login bonus (its form: numSweepsCoinsToOffer, numGoldCoinsToOffer; closes with {closed}). */
export const LOGIN_BONUS_DIALOG = 'login-bonus';

/** How the client retries a failed "user login bonus coins" call before it gives up quietly. */
export const LOGIN_BONUS_FETCH_RETRY_DELAYS_MS: readonly number[] = [2_000, 10_000];

export const LOGIN_BONUS_TEXTS = {
  title: 'Daily Login Bonus',
  intro: 'Welcome back! Your first sign-in today earned you:',
  goldLabel: 'Gold Coins',
  sweepsLabel: 'Sweeps Coins',
  nextTime: 'Sign in again tomorrow (Eastern Time) for another bonus.',
  collect: 'Collect',
  historyDescription: 'Daily login bonus',
} as const;
