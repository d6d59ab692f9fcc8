/**
 * Checks a finished round from recall against its revealed server seed (docs/fairness.md): the
 * seed must hash to the commitment shown before play, and re-playing the round through the
 * game's engine (replayRound, with the floats of fairFloats(seed, client seed, nonce) and the
 * player's actions in order) must give the same steps, final view, stake and win as the server
 * recorded. Pure: the engine is passed in (the fairness panel and recall load the engines only
 * when the player asks to verify, so they never weigh on the app's first load).
 */
import { isServerSeed, fairFloats, serverSeedHash } from '../../games/engines/fair-random.ts';
import { replayRound } from '../../games/engines/replay.ts';
import type { GameEngine } from '../../games/engines/types.ts';
import type { RecalledRound } from '../contract/games.ts';
import type { Currency } from '../contract/currency.ts';

export type VerifiableEngine = GameEngine<unknown, unknown, unknown>;

export type VerifyOutcome =
  /** The round is still open: it can be checked once it is over and its seed revealed. */
  | { kind: 'open' }
  /** The seed is still in use: rotate the seed to reveal it, then verify. */
  | { kind: 'unrevealed' }
  /** No engine for this game in this version of the app. */
  | { kind: 'no-engine' }
  | { kind: 'verified' }
  | { kind: 'mismatch'; differences: string[] };

/** Display units to minor units (Gold whole coins, Sweeps cents), as the engines count. */
export const toMinor = (currency: Currency, amount: number): number =>
  Math.round(currency === 'sweeps' ? amount * 100 : amount);

/** JSON with object keys sorted, so two equal values compare equal whatever their key order. */
function canonical(value: unknown): string {
  return JSON.stringify(value, (_key, v: unknown) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.entries(v as Record<string, unknown>).sort(([a], [b]) => a.localeCompare(b)),
        )
      : v,
  );
}

export function verifyRound(round: RecalledRound, engine: VerifiableEngine | null): VerifyOutcome {
  if (round.status !== 'finished') return { kind: 'open' };
  const seed = round.server_seed;
  if (seed === null) return { kind: 'unrevealed' };
  if (!isServerSeed(seed))
    return { kind: 'mismatch', differences: ['The revealed server seed is malformed.'] };
  if (serverSeedHash(seed) !== round.server_seed_hash)
    return {
      kind: 'mismatch',
      differences: ['The revealed server seed does not hash to the commitment shown before play.'],
    };
  if (!engine) return { kind: 'no-engine' };

  const floats = fairFloats(seed, round.client_seed, round.nonce);
  let state: unknown;
  try {
    state = replayRound(
      engine,
      {
        betMinor: round.base_bet_minor ?? toMinor(round.currency, round.bet),
        options: round.options,
        actions: round.actions,
      },
      floats,
    );
  } catch (e) {
    const reason = e instanceof Error ? e.message : String(e);
    return { kind: 'mismatch', differences: [`The replay refused the recorded round: ${reason}`] };
  }

  const differences: string[] = [];
  if (!engine.finished(state)) differences.push('The replayed round is not finished.');
  const staked = engine.staked(state);
  if (staked !== toMinor(round.currency, round.bet))
    differences.push(
      `Stake: recorded ${toMinor(round.currency, round.bet)}, replayed ${staked} (minor units).`,
    );
  const won = engine.won(state);
  if (won !== toMinor(round.currency, round.win))
    differences.push(`Win: recorded ${toMinor(round.currency, round.win)}, replayed ${won} (minor units).`);
  if (canonical(engine.steps(state)) !== canonical(round.steps))
    differences.push('The replayed steps (cards, reels, spots) differ from the recorded ones.');
  if (round.final_state !== null && round.final_state !== undefined)
    if (canonical(engine.view(state)) !== canonical(round.final_state))
      differences.push('The replayed final state differs from the recorded one.');
  return differences.length === 0 ? { kind: 'verified' } : { kind: 'mismatch', differences };
}

/** The engine of `gameId`, loaded on demand (a chunk of its own, outside the app's first load). */
export async function loadEngine(gameId: string): Promise<VerifiableEngine | null> {
  const { GAME_ENGINES, engineOf } = await import('../../games/engines/registry.ts');
  return engineOf(GAME_ENGINES, gameId);
}

/** Plain words for an outcome (the panel and recall show them). */
export function describeOutcome(outcome: VerifyOutcome): string {
  switch (outcome.kind) {
    case 'verified':
      return 'Verified: same result.';
    case 'open':
      return 'This round is still open: it can be verified once it is over.';
    case 'unrevealed':
      return 'The server seed of this round is still in use. Rotate the seed to reveal it, then verify.';
    case 'no-engine':
      return 'This game cannot be replayed in this version of the app.';
    case 'mismatch':
      return `Not the same result: ${outcome.differences.join(' ')}`;
  }
}
