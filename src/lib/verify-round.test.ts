import { describe, expect, it } from 'vitest';
import { fairFloats, serverSeedHash } from '../../games/engines/fair-random.ts';
import { GAME_ENGINES } from '../../games/engines/registry.ts';
import { IllegalActionError, type Floats, type GameEngine } from '../../games/engines/types.ts';
import type { RecalledRound } from '../contract/games.ts';
import { describeOutcome, toMinor, verifyRound, type VerifiableEngine } from './verify-round.ts';

/** A tiny engine: a die roll at the start, then one 'roll' action per extra die; a 6 pays 5x. */
interface DiceState {
  bet: number;
  rolls: number[];
  cursor: number;
  done: boolean;
}
type DiceAction = { type: 'roll' } | { type: 'stop' };
const dice: GameEngine<DiceState, DiceAction, { dice: number }> = {
  id: 'dice',
  parseOptions: (raw) => ({ dice: (raw as { dice?: number } | null)?.dice ?? 2 }),
  parseAction: (raw) => {
    const type = (raw as { type?: string } | null)?.type;
    if (type === 'roll' || type === 'stop') return { type };
    throw new IllegalActionError('unknown action', 'action');
  },
  start: ({ betMinor }, floats: Floats) => ({
    bet: betMinor,
    rolls: [Math.floor(floats(0) * 6) + 1],
    cursor: 1,
    done: false,
  }),
  act: (state, action, floats) => {
    if (state.done) throw new IllegalActionError('finished');
    if (action.type === 'stop') return { ...state, done: true };
    return {
      ...state,
      rolls: [...state.rolls, Math.floor(floats(state.cursor) * 6) + 1],
      cursor: state.cursor + 1,
    };
  },
  finished: (state) => state.done,
  staked: (state) => state.bet,
  won: (state) => (state.done ? state.rolls.filter((r) => r === 6).length * state.bet * 5 : 0),
  defaultAction: () => ({ type: 'stop' }),
  view: (state) => ({ rolls: state.rolls, done: state.done }),
  steps: (state) => state.rolls.map((roll) => ({ kind: 'roll', roll })),
};
const diceEngine = dice as unknown as VerifiableEngine;

const SEED = '9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08';
const OTHER_SEED = 'a'.repeat(64);

/** Plays a round as the server would, and records it as recall answers it. */
function playedRound(
  engine: VerifiableEngine,
  over: Partial<RecalledRound> = {},
  input: { betMinor?: number; options?: unknown; actions?: unknown[]; currency?: 'gold' | 'sweeps' } = {},
): RecalledRound {
  const currency = input.currency ?? 'gold';
  const betMinor = input.betMinor ?? 10;
  const floats = fairFloats(SEED, 'player-seed', 7);
  let state = engine.start({ betMinor, options: engine.parseOptions(input.options ?? {}) }, floats);
  const actions = input.actions ?? [];
  for (const a of actions) state = engine.act(state, engine.parseAction(a), floats);
  const display = (minor: number) => (currency === 'sweeps' ? minor / 100 : minor);
  return {
    id: 'rd_1',
    game_id: engine.id,
    game_name: 'Dice',
    currency,
    bet: display(engine.staked(state)),
    win: display(engine.won(state)),
    status: engine.finished(state) ? 'finished' : 'open',
    state: engine.view(state),
    nonce: 7,
    server_seed_hash: serverSeedHash(SEED),
    client_seed: 'player-seed',
    created_at: '2026-11-22T12:00:00.000Z',
    finished_at: '2026-11-22T12:00:05.000Z',
    auto_completed: false,
    base_bet_minor: betMinor,
    balance_before: 1_000,
    balance_after: 1_000,
    options: input.options ?? {},
    actions,
    steps: engine.steps(state),
    final_state: engine.view(state),
    server_seed: SEED,
    ...over,
  };
}

const finishedActions = [{ type: 'roll' }, { type: 'roll' }, { type: 'stop' }];

describe('verifyRound', () => {
  it('confirms a round replayed from its revealed seed', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    expect(verifyRound(round, diceEngine)).toEqual({ kind: 'verified', against: 'none' });
    expect(describeOutcome({ kind: 'verified', against: 'none' })).toMatch(
      /^Verified: same result\. This browser kept no commitment/,
    );
  });

  it('confirms a Sweeps round (cents against display units)', () => {
    const round = playedRound(
      diceEngine,
      {},
      { actions: finishedActions, currency: 'sweeps', betMinor: 125 },
    );
    expect(round.bet).toBe(1.25);
    expect(verifyRound(round, diceEngine)).toEqual({ kind: 'verified', against: 'none' });
  });

  it('replays from the recorded bet when the base bet is not given', () => {
    const round = playedRound(diceEngine, { base_bet_minor: undefined }, { actions: finishedActions });
    expect(verifyRound(round, diceEngine)).toEqual({ kind: 'verified', against: 'none' });
  });

  it('says to rotate the seed while it is still in use', () => {
    const round = playedRound(diceEngine, { server_seed: null }, { actions: finishedActions });
    const outcome = verifyRound(round, diceEngine);
    expect(outcome).toEqual({ kind: 'unrevealed' });
    expect(describeOutcome(outcome)).toMatch(/Rotate the seed/);
  });

  it('does not verify a round still open', () => {
    expect(verifyRound(playedRound(diceEngine), diceEngine)).toEqual({ kind: 'open' });
  });

  it('refuses a revealed seed that does not match the commitment', () => {
    const round = playedRound(diceEngine, { server_seed: OTHER_SEED }, { actions: finishedActions });
    const outcome = verifyRound(round, diceEngine);
    expect(outcome.kind).toBe('mismatch');
    expect(describeOutcome(outcome)).toMatch(/does not hash to the commitment/);
  });

  it('finds a recorded step that the seed does not give', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    const steps = round.steps.map((s, i) =>
      i === 0 ? { ...s, roll: (((s as { roll?: number }).roll ?? 0) % 6) + 1 } : s,
    );
    const outcome = verifyRound({ ...round, steps }, diceEngine);
    expect(outcome.kind).toBe('mismatch');
    if (outcome.kind === 'mismatch') expect(outcome.differences.join(' ')).toMatch(/steps/);
  });

  it('finds a recorded win that the replay does not pay', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    const outcome = verifyRound({ ...round, win: round.win + 50 }, diceEngine);
    expect(outcome.kind).toBe('mismatch');
    if (outcome.kind === 'mismatch') expect(outcome.differences.join(' ')).toMatch(/^Win: recorded/);
  });

  it('finds a different client seed or nonce (the replay deals other dice)', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    const results = [
      verifyRound({ ...round, client_seed: 'other' }, diceEngine),
      verifyRound({ ...round, nonce: 8 }, diceEngine),
    ];
    // With three dice the chance that another stream rolls the same three is 1/216 per case;
    // these two seeds are known to differ.
    for (const r of results) expect(r.kind).toBe('mismatch');
  });

  it('reports an action the engine refuses on replay', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    const outcome = verifyRound({ ...round, actions: [{ type: 'cheat' }] }, diceEngine);
    expect(outcome.kind).toBe('mismatch');
    if (outcome.kind === 'mismatch') expect(outcome.differences[0]).toMatch(/refused/);
  });

  it('says when no engine replays the game', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    expect(verifyRound(round, null)).toEqual({ kind: 'no-engine', against: 'none' });
  });

  it('converts display amounts to minor units', () => {
    expect(toMinor('gold', 250)).toBe(250);
    expect(toMinor('sweeps', 0.29)).toBe(29);
    expect(toMinor('sweeps', 10.1)).toBe(1010);
  });
});

describe("the commitment kept in this browser, not the server's word", () => {
  const FORGED_SEED = 'b'.repeat(64);
  const kept = { kind: 'kept', hash: serverSeedHash(SEED) } as const;

  it('verifies against the kept commitment and says so', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    const outcome = verifyRound(round, diceEngine, kept);
    expect(outcome).toEqual({ kind: 'verified', against: 'kept' });
    expect(describeOutcome(outcome)).toBe(
      'Verified: same result. The revealed server seed matches the commitment shown to you before you played.',
    );
  });

  it('reports, in words, a later answer whose seed and commitment both differ from the one shown before play', () => {
    // A consistent forgery: the server's later answer swaps the seed and its hash together. The
    // server's own figures agree with each other, so only the kept commitment can catch it.
    const round = playedRound(
      diceEngine,
      { server_seed: FORGED_SEED, server_seed_hash: serverSeedHash(FORGED_SEED) },
      { actions: finishedActions },
    );
    const outcome = verifyRound(round, diceEngine, kept);
    expect(outcome).toEqual({
      kind: 'commitment-mismatch',
      shown: serverSeedHash(SEED),
      reported: serverSeedHash(FORGED_SEED),
      revealedHash: serverSeedHash(FORGED_SEED),
    });
    expect(describeOutcome(outcome)).toBe(
      `Not verified: the server seed revealed for this round does not match the commitment shown to you before you played. Shown before play: ${serverSeedHash(SEED)}. The revealed seed hashes to: ${serverSeedHash(FORGED_SEED)}.`,
    );
    // Without the kept commitment, the same answer only shows up as another result, if at all.
    expect(verifyRound(round, diceEngine).kind).not.toBe('commitment-mismatch');
  });

  it('reports another reported commitment even before the seed is revealed, or while the round is open', () => {
    const other = { server_seed_hash: serverSeedHash(OTHER_SEED) };
    for (const round of [
      playedRound(diceEngine, { ...other, server_seed: null }, { actions: finishedActions }),
      playedRound(diceEngine, { ...other, server_seed: null }),
    ]) {
      const outcome = verifyRound(round, diceEngine, kept);
      expect(outcome.kind).toBe('commitment-mismatch');
      expect(describeOutcome(outcome)).toMatch(
        /^Not verified: the commitment the server now reports for this round is not the one shown to you before you played\./,
      );
    }
  });

  it('catches a revealed seed that does not hash to the kept commitment even when the reported one is kept', () => {
    const round = playedRound(diceEngine, { server_seed: OTHER_SEED }, { actions: finishedActions });
    const outcome = verifyRound(round, diceEngine, kept);
    expect(outcome.kind).toBe('commitment-mismatch');
    expect(describeOutcome(outcome)).toMatch(/does not match the commitment shown to you before you played/);
  });

  it('says when the round used a commitment this browser had not been shown before play', () => {
    const round = playedRound(diceEngine, {}, { actions: finishedActions });
    const outcome = verifyRound(round, diceEngine, { kind: 'unannounced', hash: serverSeedHash(SEED) });
    expect(outcome).toEqual({ kind: 'verified', against: 'unannounced' });
    expect(describeOutcome(outcome)).toMatch(/had not been shown before you played it/);
  });
});

describe('every engine of the registry verifies a round it played', () => {
  it('plays each engine with its default actions and verifies the recorded round', () => {
    for (const [gameId, engine] of Object.entries(GAME_ENGINES)) {
      let options: unknown;
      try {
        engine.parseOptions({});
        options = {};
      } catch {
        // An engine that needs start options is covered by the server's recall tests.
        continue;
      }
      const floats = fairFloats(SEED, 'player-seed', 7);
      let state = engine.start({ betMinor: 10, options: engine.parseOptions(options) }, floats);
      const actions: unknown[] = [];
      for (let i = 0; i < 200 && !engine.finished(state); i++) {
        const action = engine.defaultAction(state);
        actions.push(action);
        state = engine.act(state, action, floats);
      }
      const round = playedRound(engine, { game_id: gameId }, { options, actions });
      expect(verifyRound(round, engine), gameId).toEqual({ kind: 'verified', against: 'none' });
    }
  });
});
