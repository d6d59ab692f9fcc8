/** A Daily Bonus prize in words, for the page, the dialog and the live region. */
import { formatGold, formatSweeps } from '../../contract/money.ts';

/** "1,000 Gold Coins and 0.24 Sweeps Coins" (Gold only in gold-only mode or without Sweeps). */
export function prizeText(prizeGld: number, prizeGhc: number, goldOnly: boolean): string {
  const gold = `${formatGold(prizeGld)} Gold Coins`;
  return goldOnly || prizeGhc <= 0 ? gold : `${gold} and ${formatSweeps(prizeGhc)} Sweeps Coins`;
}
