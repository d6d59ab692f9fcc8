/**
 * Checks a finished round from recall against its revealed server seed (docs/fairness.md): the
 * seed must hash to the commitment this browser was shown before play (kept in IndexedDB,
 * fair-commitments.ts; what the server reports now only when this browser kept none for the
 * round), and re-playing the round through the game's engine (replayRound, with the floats of
 * fairFloats(seed, client seed, nonce) and the player's actions in order) must give the same
 * steps, final view, stake and win as the server recorded. Pure: the engine is passed in (the fairness panel and recall load the engines only
 * when the player asks to verify, so they never weigh on the app's first load).
 */
import { isServerSeed, fairFloats, serverSeedHash } from '../../games/engines/fair-random.ts';
import { replayRound } from '../../games/engines/replay.ts';
import type { GameEngine } from '../../games/engines/types.ts';
import type { RecalledRound } from '../contract/games.ts';
import type { Currency } from '../contract/currency.ts';
import type { KeptEvidence } from './fair-commitments.ts';

export type VerifiableEngine = GameEngine<unknown, unknown, unknown>;

/** What the seed was checked against: the commitment kept in this browser, or only the server's word. */
export type CheckedAgainst = KeptEvidence['kind'];

export type VerifyOutcome =
  /** The round is still open: it can be checked once it is over and its seed revealed. */
  | { kind: 'open' }
  /** The seed is still in use: rotate the seed to reveal it, then verify. */
  | { kind: 'unrevealed' }
  /** No engine for this game in this version of the app. */
  | { kind: 'no-engine'; against: CheckedAgainst }
  /**
   * The commitment kept for this round in this browser is not the server's: the revealed seed
   * does not hash to it (`revealedHash`), or the server now reports another commitment for it.
   */
  | { kind: 'commitment-mismatch'; shown: string; reported: string; revealedHash: string | null }
  | { kind: 'verified'; against: CheckedAgainst }
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

/**
 * Replays `round` and compares. `kept` is what this browser kept for the round's commitment: the
 * revealed seed must hash to it, and the server must report that same commitment now; with none
 * kept, only the server's own figures can be compared (and the outcome says so).
 */
export function verifyRound(
  round: RecalledRound,
  engine: VerifiableEngine | null,
  kept: KeptEvidence = { kind: 'none' },
): VerifyOutcome {
  const seed = round.server_seed;
  const revealedHash = seed !== null && isServerSeed(seed) ? serverSeedHash(seed) : null;
  if (
    kept.kind !== 'none' &&
    (round.server_seed_hash !== kept.hash || (seed !== null && revealedHash !== kept.hash))
  )
    return { kind: 'commitment-mismatch', shown: kept.hash, reported: round.server_seed_hash, revealedHash };
  if (round.status !== 'finished') return { kind: 'open' };
  if (seed === null) return { kind: 'unrevealed' };
  if (revealedHash === null)
    return { kind: 'mismatch', differences: ['The revealed server seed is malformed.'] };
  if (revealedHash !== round.server_seed_hash)
    return {
      kind: 'mismatch',
      differences: [
        'The revealed server seed does not hash to the commitment the server reports for this round.',
      ],
    };
  if (!engine) return { kind: 'no-engine', against: kept.kind };

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
  return differences.length === 0
    ? { kind: 'verified', against: kept.kind }
    : { kind: 'mismatch', differences };
}

/** The engine of `gameId`, loaded on demand (a chunk of its own, outside the app's first load). */
export async function loadEngine(gameId: string): Promise<VerifiableEngine | null> {
  const { GAME_ENGINES, engineOf } = await import('../../games/engines/registry.ts');
  return engineOf(GAME_ENGINES, gameId);
}

/** Where the check stood on the commitment, in words (after "Verified: same result."). */
function againstWords(against: CheckedAgainst): string {
  switch (against) {
    case 'kept':
      return 'The revealed server seed matches the commitment shown to you before you played.';
    case 'unannounced':
      return 'Note: this round used a server seed commitment this browser had not been shown before you played it (was the seed rotated on another device?).';
    case 'none':
      return 'This browser kept no commitment for this round (played on another device, or its data was cleared), so the seed was checked against the commitment the server reports.';
  }
}

/** Plain words for an outcome (the panel and recall show them). */
export function describeOutcome(outcome: VerifyOutcome): string {
  switch (outcome.kind) {
    case 'verified':
      return `Verified: same result. ${againstWords(outcome.against)}`;
    case 'commitment-mismatch':
      return outcome.revealedHash !== null && outcome.revealedHash !== outcome.shown
        ? `Not verified: the server seed revealed for this round does not match the commitment shown to you before you played. Shown before play: ${outcome.shown}. The revealed seed hashes to: ${outcome.revealedHash}.`
        : `Not verified: the commitment the server now reports for this round is not the one shown to you before you played. Shown before play: ${outcome.shown}. Reported now: ${outcome.reported}.`;
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
