/**
 * The page side of the complimentary Gold offer (spec sections 3 and 4): it appears only with Gold
 * active, the property comp_state_award_gold on and the player's Gold below the game's minimum
 * Gold bet. Only then does the page ask the server (complimentary-gold-actions.ts), which says
 * whether an award is open today and its size.
 */
import { complimentaryGoldTarget } from '../contract/complimentary-gold-rule.ts';
import type { Currency } from '../contract/currency.ts';
import type { Balances } from '../contract/schemas.ts';

export interface ComplimentaryGoldCheckInput {
  activeCurrency: Currency;
  /** The named property's value as loaded (undefined until then). */
  propertyValue: string | undefined;
  balances: Pick<Balances, 'balance_total_gld'> | null;
  /** The game's minimum Gold bet from the catalogue. */
  minimumGoldBet: number;
}

/** Whether to ask the server for an offer now: the page-side conditions of the spec. */
export function shouldCheckComplimentaryGold(input: ComplimentaryGoldCheckInput): boolean {
  return (
    input.activeCurrency === 'gold' &&
    complimentaryGoldTarget(input.propertyValue) !== null &&
    input.balances !== null &&
    input.balances.balance_total_gld < input.minimumGoldBet
  );
}
