/**
 * Leaderboards contract (docs/leaderboard.md): the board of a challenge by id for the current
 * week, the player's own place, the week's end and the prize table; the challenge's player-facing
 * rules. Paths are relative to /api/v1. Amounts are display units (Gold whole coins, Sweeps
 * numbers with 2 decimals). Answers use `type()` so a newer server may add fields.
 * Loaded only by the weekly challenge page (never by start-up code).
 */
import { array, integer, min, nullable, number, string, type, type Infer } from 'superstruct';
import { formatGold, formatSweeps } from './money.ts';

export const LEADERBOARD_ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,62}$/;
export const WEEKLY_CHALLENGE_ID = 'playson-weekly-coins-challenge';

export const LEADERBOARD_API_PATHS = {
  /** GET (sign-in optional) -> LeaderboardAnswer: the current week's board; `me` when signed in. */
  leaderboard: (id: string) => `/leaderboards/${encodeURIComponent(id)}`,
  leaderboardPattern: '/leaderboards/:id',
} as const;

export const LEADERBOARD_ERROR_CODES = {
  /** 404: no active leaderboard with this id. */
  LEADERBOARD_NOT_FOUND: 'LEADERBOARD_NOT_FOUND',
} as const;
export type LeaderboardErrorCode = (typeof LEADERBOARD_ERROR_CODES)[keyof typeof LEADERBOARD_ERROR_CODES];

export const LEADERBOARD_TEXTS = {
  notFound: 'This leaderboard does not exist.',
} as const;

const whole = () => min(integer(), 0);

export const LeaderboardPrizeSchema = type({
  rank_from: min(integer(), 1),
  rank_to: min(integer(), 1),
  gold_coins: whole(),
  /** 0 in gold-only mode. */
  sweeps_coins: min(number(), 0),
});
export type LeaderboardPrize = Infer<typeof LeaderboardPrizeSchema>;

export const LeaderboardRowSchema = type({
  rank: min(integer(), 1),
  /** The first two letters of the player's first name and "***" (e.g. "Jo***"). */
  display_name: string(),
  points: whole(),
});
export type LeaderboardRow = Infer<typeof LeaderboardRowSchema>;

export const LeaderboardAnswerSchema = type({
  id: string(),
  name: string(),
  /** The week's Monday (Eastern calendar), YYYY-MM-DD. */
  week_start: string(),
  /** Monday 12:00am Eastern Time, ISO. */
  starts_at: string(),
  /** The instant the week ends (the next Monday 12:00am Eastern Time), ISO. */
  ends_at: string(),
  /** Server time the board was read at, ISO. */
  as_of: string(),
  games: array(type({ id: string(), name: string() })),
  /** Coins wagered per point; null: that currency earns no points (Sweeps in gold-only mode). */
  gold_coins_per_point: nullable(min(integer(), 1)),
  sweeps_coins_per_point: nullable(number()),
  prizes: array(LeaderboardPrizeSchema),
  board: array(LeaderboardRowSchema),
  /** Signed in: the player's rank (null before their first point) and points; signed out: null. */
  me: nullable(type({ rank: nullable(min(integer(), 1)), points: whole() })),
});
export type LeaderboardAnswer = Infer<typeof LeaderboardAnswerSchema>;

/** "Jo***": enough for a player to find themselves, not enough to identify anyone. */
export function maskDisplayName(firstName: string): string {
  const letters = [...firstName.trim()];
  return `${letters.slice(0, letters.length > 2 ? 2 : 1).join('') || '?'}***`;
}

/** "1st", "2nd", "4th to 10th". */
export function rankRangeText(from: number, to: number): string {
  const ordinal = (n: number): string => {
    const tens = n % 100;
    const suffix =
      tens >= 11 && tens <= 13
        ? 'th'
        : n % 10 === 1
          ? 'st'
          : n % 10 === 2
            ? 'nd'
            : n % 10 === 3
              ? 'rd'
              : 'th';
    return `${n}${suffix}`;
  };
  return from === to ? ordinal(from) : `${ordinal(from)} to ${ordinal(to)}`;
}

/** "500,000 Gold Coins + 50.00 Sweeps Coins" (Gold only when the prize or the mode has no Sweeps). */
export function prizeText(prize: Pick<LeaderboardPrize, 'gold_coins' | 'sweeps_coins'>): string {
  const parts: string[] = [];
  if (prize.gold_coins > 0) parts.push(`${formatGold(prize.gold_coins)} Gold Coins`);
  if (prize.sweeps_coins > 0) parts.push(`${formatSweeps(prize.sweeps_coins)} Sweeps Coins`);
  return parts.join(' + ');
}

/** The scoring rule in words, from the challenge's rates. */
export function scoringText(
  a: Pick<LeaderboardAnswer, 'gold_coins_per_point' | 'sweeps_coins_per_point'>,
): string {
  const parts: string[] = [];
  if (a.gold_coins_per_point !== null) parts.push(`${formatGold(a.gold_coins_per_point)} Gold Coins`);
  if (a.sweeps_coins_per_point !== null) parts.push(`${formatSweeps(a.sweeps_coins_per_point)} Sweeps Coins`);
  return `1 point for every ${parts.join(' or every ')} played`;
}

/** The player-facing rules of a challenge: the page shows these and the sweepstakes rules repeat them. */
export function challengeRules(
  a: Pick<LeaderboardAnswer, 'games' | 'gold_coins_per_point' | 'sweeps_coins_per_point' | 'prizes'>,
): string[] {
  const games = a.games.map((g) => g.name).join(' and ');
  return [
    'Each challenge week runs from Monday 12:00am to Sunday 11:59:59pm Eastern Time; the board starts empty every Monday.',
    `Only play of ${games} counts: ${scoringText(a)}. Coins are added up over the week, so many small plays count the same as a few large ones.`,
    'A play counts in the week it is settled: a game round when it finishes, a partner game bet when it is placed. A bet that is cancelled and refunded loses its points.',
    'Players are ranked by points. Equal points rank by who reached them first.',
    `When the week ends the prizes are credited automatically: ${a.prizes.map((p) => `${rankRangeText(p.rank_from, p.rank_to)} ${prizeText(p)}`).join('; ')}. Prizes appear in your coin history as "Weekly challenge prize".`,
    'An account that may not receive bonuses when the week ends (suspended, on a break or self-excluded) is passed over, and the next player takes the place.',
    ...(a.prizes.some((p) => p.sweeps_coins > 0)
      ? [
          'Sweeps Coin prizes are credited as free Sweeps Coins, only to players eligible for Sweeps Coins; other players receive the Gold Coins of their place.',
        ]
      : []),
    'No purchase is necessary: play with free coins counts the same as any other.',
  ];
}
