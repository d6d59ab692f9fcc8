/** Lucky Scratch's ticket prices and money display. */
import type { Currency } from '../../src/contract/currency.ts';

/** Ticket prices are the shared house-game bet steps. */
export { BET_STEPS, CURRENCY_NAMES, formatAmount } from '../shared/bet-steps.ts';

/** price x multiplier in display units (exact: Sweeps prices are whole cents, multipliers whole). */
export function prizeFor(currency: Currency, price: number, multiplier: number): number {
  if (currency === 'gold') return price * multiplier;
  return (Math.round(price * 100) * multiplier) / 100;
}
