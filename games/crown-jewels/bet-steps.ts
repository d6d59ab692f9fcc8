/**
 * Crown Jewels' bets and money display: the shared house-game steps. Every step is a multiple of
 * 10 minor units, so the line bet (bet / 10 lines) is whole and every pay is exact.
 */
export {
  BET_STEPS,
  CURRENCY_NAMES,
  MINOR_PER_UNIT,
  formatAmount,
  fromMinor,
  toMinor,
} from '../shared/bet-steps.ts';
