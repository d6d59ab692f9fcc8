/**
 * The house games the RTP tool (scripts/games-rtp.ts) and the RTP test (rtp.test.ts) simulate:
 * each game's declared RTP, the strategy that plays one round through its real engine, and the
 * base bet the simulation stakes. `simulateGame` is the one loop both of them run.
 *
 * Measured RTP: each round gives x = 1 + (won - staked) / base bet, the round's return per base
 * bet. For a game whose stake is always the base bet (slots, scratch card, video poker at a fixed
 * coin count) that is exactly won / staked; for blackjack, whose doubles, splits and insurance add
 * stake, it is the convention of the published house edge (net result per initial bet). The
 * measured RTP is the mean of x, and its 99 % interval is mean +- 2.576 * sd / sqrt(n) (the
 * rounds are independent and n is large, so the mean is normal to a very good approximation).
 * Each round reads its own stream, simulationFloats(roundSeed(run seed, round index)).
 */
import { HOUSE_GAME_IDS } from '../../src/contract/games.ts';
import { playOneRound as playBlackjack } from './blackjack-strategy.ts';
import { simulationFloats } from './fair-random.ts';
import { DECLARED_RTP } from './registry.ts';
import { playOneRound as playScratchCard } from './scratch-card-strategy.ts';
import { playOneRound as playSlots } from './slots-strategy.ts';
import { playExpertRound } from './solitaire-expert.ts';
import { SOLITAIRE_EXPERT_RTP } from './solitaire.ts';
import { playOneRound as playSolitaire } from './solitaire-strategy.ts';
import { playOneRound as playVideoPoker } from './video-poker-strategy.ts';
import type { Floats } from './types.ts';

export interface SimulatedGame {
  /** Declared return to player, percent. */
  declaredRtp: number;
  playOneRound(floats: Floats, betMinor: number): { staked: number; won: number };
  /** The base bet each simulated round stakes, minor units. */
  betMinor: number;
}

/** The declared RTP the catalogue publishes (registry.ts: each engine's own constant where it has one). */
const declared = (gameId: string): number => {
  const rtp = DECLARED_RTP[gameId];
  if (rtp === undefined) throw new Error(`No declared RTP for ${gameId}`);
  return rtp;
};

export const SIMULATIONS: Readonly<Record<string, SimulatedGame>> = {
  // 100 minor units: a multiple of the 10 lines, where the declared figure is exact.
  [HOUSE_GAME_IDS.slots]: {
    declaredRtp: declared(HOUSE_GAME_IDS.slots),
    playOneRound: playSlots,
    betMinor: 100,
  },
  [HOUSE_GAME_IDS.scratchCard]: {
    declaredRtp: declared(HOUSE_GAME_IDS.scratchCard),
    playOneRound: playScratchCard,
    betMinor: 100,
  },
  // Basic strategy, insurance declined; an even bet keeps 3:2 and half-bet surrender exact.
  [HOUSE_GAME_IDS.blackjack]: {
    declaredRtp: declared(HOUSE_GAME_IDS.blackjack),
    playOneRound: playBlackjack,
    betMinor: 100,
  },
  // The strategy bets five coins (the maximum bet, where 99.54 % applies); pays are whole multiples of the bet.
  [HOUSE_GAME_IDS.videoPoker]: {
    declaredRtp: declared(HOUSE_GAME_IDS.videoPoker),
    playOneRound: playVideoPoker,
    betMinor: 500,
  },
  // The house strategy, no side bets.
  [HOUSE_GAME_IDS.solitaire]: {
    declaredRtp: declared(HOUSE_GAME_IDS.solitaire),
    playOneRound: playSolitaire,
    betMinor: 100,
  },
};

/**
 * A game whose return depends on the player's skill, played by the strongest player we have built:
 * its return must stay below `ceilingRtp` with the upper end of its 99 % interval (rtp.test.ts,
 * `npm run games:rtp`). `declaredRtp` is the expert's figure the rules page publishes.
 */
export interface ExpertSimulation extends SimulatedGame {
  /** Who plays (printed beside the game id). */
  player: string;
  ceilingRtp: number;
  /** Rounds the RTP tool plays by default (the expert searches, so it is far slower than the house). */
  defaultRounds: number;
}

export const EXPERT_SIMULATIONS: Readonly<Record<string, ExpertSimulation>> = {
  // The six-move lookahead (solitaire-expert.ts), no side bets.
  [HOUSE_GAME_IDS.solitaire]: {
    player: 'expert',
    declaredRtp: SOLITAIRE_EXPERT_RTP,
    playOneRound: (floats, betMinor) => playExpertRound(floats, betMinor),
    betMinor: 100,
    ceilingRtp: 100,
    defaultRounds: 5_000,
  },
};

/** 2.576: the two-sided 99 % point of the normal distribution. */
export const Z_99 = 2.5758293035489;

export interface SimulationResult {
  gameId: string;
  rounds: number;
  seed: number;
  betMinor: number;
  /** Mean return per base bet, percent. */
  measuredRtp: number;
  /** Total won / total staked, percent (the same as measuredRtp when the stake never varies). */
  wonOverStaked: number;
  /** Standard deviation of one round's return per base bet (a fraction). */
  sdPerRound: number;
  /** The 99 % interval of the measured RTP, percent. */
  interval99: [number, number];
  declaredRtp: number;
  /** True when the declared RTP lies inside the 99 % interval. */
  inside: boolean;
  totalStaked: number;
  totalWon: number;
  /** Wall-clock time of the simulation, milliseconds. */
  elapsedMs: number;
}

/**
 * The seed of round `index` in a run: a 32-bit mix (MurmurHash3's finaliser, a bijection) of
 * seed * golden ratio + index, so the rounds of one run never share a stream.
 */
export function roundSeed(runSeed: number, index: number): number {
  let h = (Math.imul(runSeed >>> 0, 0x9e3779b1) + index) >>> 0;
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h >>> 0;
}

export function simulateGame(
  gameId: string,
  game: SimulatedGame,
  rounds: number,
  seed: number,
  now: () => number = () => performance.now(),
): SimulationResult {
  if (!Number.isSafeInteger(rounds) || rounds < 2) throw new Error('Simulate at least 2 rounds');
  const started = now();
  const { betMinor } = game;
  let sum = 0;
  let sumSquares = 0;
  let totalStaked = 0;
  let totalWon = 0;
  for (let i = 0; i < rounds; i++) {
    const { staked, won } = game.playOneRound(simulationFloats(roundSeed(seed, i)), betMinor);
    const x = 1 + (won - staked) / betMinor;
    sum += x;
    sumSquares += x * x;
    totalStaked += staked;
    totalWon += won;
  }
  const mean = sum / rounds;
  const variance = Math.max(0, (sumSquares - rounds * mean * mean) / (rounds - 1));
  const sd = Math.sqrt(variance);
  const halfWidth = (Z_99 * sd) / Math.sqrt(rounds);
  const interval99: [number, number] = [(mean - halfWidth) * 100, (mean + halfWidth) * 100];
  return {
    gameId,
    rounds,
    seed,
    betMinor,
    measuredRtp: mean * 100,
    wonOverStaked: (totalWon / totalStaked) * 100,
    sdPerRound: sd,
    interval99,
    declaredRtp: game.declaredRtp,
    inside: game.declaredRtp >= interval99[0] && game.declaredRtp <= interval99[1],
    totalStaked,
    totalWon,
    elapsedMs: now() - started,
  };
}
