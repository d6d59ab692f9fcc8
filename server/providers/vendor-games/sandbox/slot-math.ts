/**
 * The sandbox vendor's own slot: 3 reels of 6 equally likely symbols, decided by the vendor with
 * the crypto RNG (it is the vendor's game: our server never sees how a spin was decided, only the
 * bet and the win). Pays, times the bet: three of a kind 7 x100, bell x40, melon x20, orange x15,
 * lemon x12, cherry x10; two cherries on the first two reels (not three) x2.
 * Return: (100 + 40 + 20 + 15 + 12 + 10) / 216 + 2 x 5 / 216 = 207 / 216, about 95.83 %.
 */
import { randomInt } from 'node:crypto';

export const SYMBOLS = ['cherry', 'lemon', 'orange', 'melon', 'bell', 'seven'] as const;
export type SlotSymbol = (typeof SYMBOLS)[number];

const THREE_OF_A_KIND: Record<SlotSymbol, number> = {
  seven: 100,
  bell: 40,
  melon: 20,
  orange: 15,
  lemon: 12,
  cherry: 10,
};

export type Reels = [SlotSymbol, SlotSymbol, SlotSymbol];

export function spinReels(pick: (n: number) => number = randomInt): Reels {
  return [SYMBOLS[pick(SYMBOLS.length)]!, SYMBOLS[pick(SYMBOLS.length)]!, SYMBOLS[pick(SYMBOLS.length)]!];
}

/** What the reels pay, as a multiple of the bet. */
export function multiplierOf([a, b, c]: Reels): number {
  if (a === b && b === c) return THREE_OF_A_KIND[a];
  if (a === 'cherry' && b === 'cherry') return 2;
  return 0;
}

/** Bet steps the page offers, display units of each currency (the catalogue's bet steps). */
export const BET_STEPS = { gold: [100, 200, 500, 1000, 2500], sweeps: [0.2, 0.5, 1, 2, 5] } as const;

/** The exact return of the pay table over all 216 equally likely stops. */
export function exactReturn(): number {
  let paid = 0;
  for (const a of SYMBOLS) for (const b of SYMBOLS) for (const c of SYMBOLS) paid += multiplierOf([a, b, c]);
  return paid / SYMBOLS.length ** 3;
}

/** The most a spin pays, times the bet, over all 216 stops: the maximum the catalogue publishes. */
export function maxMultiplier(): number {
  let most = 0;
  for (const a of SYMBOLS)
    for (const b of SYMBOLS) for (const c of SYMBOLS) most = Math.max(most, multiplierOf([a, b, c]));
  return most;
}
