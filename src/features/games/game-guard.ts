/**
 * The game page's guard (spec section 2): a known game, not under maintenance, not disabled for
 * the current currency. A pure function of the catalogue entry and the currency, so each rule is
 * unit-tested; the page turns the decision into a dialog.
 */
import type { Game } from '../../contract/games.ts';
import type { Currency } from '../../contract/currency.ts';

export type GameGuardDecision =
  /** The catalogue has not answered yet. */
  | { type: 'wait' }
  | { type: 'allow' }
  /** No such game in the catalogue. */
  | { type: 'unavailable' }
  /** `until`: the end of the maintenance as "7:00am ET", null when unknown. */
  | { type: 'maintenance'; until: string | null }
  /** The game does not take `currency`; `switchTo` is the one it takes, null when none is open to the player. */
  | { type: 'currency-disabled'; currency: Currency; switchTo: Currency | null };

export interface GameGuardInput {
  /** The catalogue's games, or null while it loads. */
  games: readonly Game[] | null;
  gameId: string;
  currency: Currency;
  /** Whether the player may play Sweeps Coins (not gold-only, eligible), so it can be offered. */
  sweepsAllowed: boolean;
  now?: Date;
}

const otherCurrency = (c: Currency): Currency => (c === 'gold' ? 'sweeps' : 'gold');

export function gameGuard({
  games,
  gameId,
  currency,
  sweepsAllowed,
  now,
}: GameGuardInput): GameGuardDecision {
  if (games === null) return { type: 'wait' };
  const game = games.find((g) => g.id === gameId);
  if (!game) return { type: 'unavailable' };
  if (game.maintenance) {
    return {
      type: 'maintenance',
      until: game.maintenance_until ? formatEasternTime(game.maintenance_until, now) : null,
    };
  }
  const disabled = game.metadata.disabledCurrencies;
  if (disabled.includes(currency)) {
    const other = otherCurrency(currency);
    const open = !disabled.includes(other) && (other === 'gold' || sweepsAllowed);
    return { type: 'currency-disabled', currency, switchTo: open ? other : null };
  }
  return { type: 'allow' };
}

const EASTERN = 'America/New_York';

/**
 * A time as players in the US read it on the maintenance dialog: "7:00am ET", with the day in
 * front when it is not today in New York ("Mon, Nov 23, 7:00am ET"). Null for a bad date.
 */
export function formatEasternTime(iso: string, now: Date = new Date()): string | null {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return null;
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: EASTERN,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).formatToParts(at);
  const part = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? '';
  const time = `${part('hour')}:${part('minute')}${part('dayPeriod').toLowerCase()} ET`;
  const day = (d: Date) =>
    new Intl.DateTimeFormat('en-US', {
      timeZone: EASTERN,
      weekday: 'short',
      month: 'short',
      day: 'numeric',
    }).format(d);
  return day(at) === day(now) ? time : `${day(at)}, ${time}`;
}

/** True when the catalogue's version of the game differs from the one the player opened. */
export const gameWasUpdated = (
  openedVersion: string | null,
  current: Pick<Game, 'version'> | undefined,
): boolean => openedVersion !== null && current !== undefined && current.version !== openedVersion;
