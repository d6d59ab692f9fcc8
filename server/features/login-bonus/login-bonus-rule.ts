/**
 * The login bonus rule, as a pure function (docs/login-bonus.md): the first sign-in of each
 * Eastern Time day, from the day after the account was created, earns the configured Gold and
 * (where Sweeps are offered) free Sweeps. Whether today's bonus was already granted is the
 * database's to say (login_bonus_grants' primary key); this only says what a sign-in may earn.
 */
import { easternDay } from '../../core/eastern-day.ts';

export interface LoginBonusSettings {
  goldCoins: number;
  sweepsCents: number;
}

export interface LoginBonusOffer {
  /** The Eastern Time day the bonus belongs to, "YYYY-MM-DD". */
  day: string;
  goldCoins: number;
  sweepsCents: number;
}

/**
 * What a sign-in at `nowMs` earns, or null when it earns nothing: on the day the account was
 * created (joining is that day's welcome), when the player gets no Sweeps and no Gold is set,
 * or when both amounts are 0 (the bonus is off).
 */
export function loginBonusOffer(input: {
  nowMs: number;
  joinedAtMs: number;
  sweepsEligible: boolean;
  settings: LoginBonusSettings;
}): LoginBonusOffer | null {
  const day = easternDay(input.nowMs);
  // "YYYY-MM-DD" strings compare as dates.
  if (day <= easternDay(input.joinedAtMs)) return null;
  const goldCoins = input.settings.goldCoins;
  const sweepsCents = input.sweepsEligible ? input.settings.sweepsCents : 0;
  if (goldCoins + sweepsCents <= 0) return null;
  return { day, goldCoins, sweepsCents };
}
