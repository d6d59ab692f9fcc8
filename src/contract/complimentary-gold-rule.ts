/**
 * The complimentary Gold Coins rule as pure functions (docs/complimentary-gold.md), apart from the
 * wire schemas so the game page checks it without carrying them in its first load.
 */
/** Awards per player per Eastern Time day. */
export const COMPLIMENTARY_GOLD_AWARDS_PER_DAY = 3;

/**
 * The Gold balance an award tops up to, from the property's value: a whole number of Gold Coins
 * above 0; null (offer off) for 0, an empty value or anything that is not a whole number.
 */
export function complimentaryGoldTarget(propertyValue: string | undefined): number | null {
  const text = (propertyValue ?? '').trim();
  if (!/^\d{1,9}$/.test(text)) return null;
  const n = Number(text);
  return n > 0 ? n : null;
}

/**
 * The Gold to award: none while the balance covers the game's minimum Gold bet; otherwise what
 * brings the balance up to the target, or to the minimum bet when that is higher (so the player
 * can always place one bet afterwards).
 */
export function complimentaryGoldAward(input: {
  goldBalance: number;
  minimumGoldBet: number;
  target: number;
}): number {
  const { goldBalance, minimumGoldBet, target } = input;
  if (goldBalance >= minimumGoldBet) return 0;
  return Math.max(target, minimumGoldBet) - goldBalance;
}
