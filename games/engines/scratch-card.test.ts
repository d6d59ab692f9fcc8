import { describe, expect, it } from 'vitest';
import { simulationFloats } from './fair-random.ts';
import { replayRound } from './replay.ts';
import {
  PRIZE_TIERS,
  SCRATCH_CARD_DECLARED_RTP,
  SCRATCH_SYMBOLS,
  SPOT_COUNT,
  TIER_WEIGHT_TOTAL,
  drawTicket,
  scratchCardEngine,
  tierFor,
  type ScratchTicket,
} from './scratch-card.ts';
import { IllegalActionError, type Floats } from './types.ts';

const counts = (ticket: ScratchTicket): Map<string, number> => {
  const map = new Map<string, number>();
  for (const s of ticket.spots) map.set(s, (map.get(s) ?? 0) + 1);
  return map;
};
/** A stream whose float 0 is `tierFloat` and the rest come from a seeded generator. */
const withTierFloat = (tierFloat: number, seed: number): Floats => {
  const rest = simulationFloats(seed);
  return (i) => (i === 0 ? tierFloat : rest(i));
};

describe('Lucky Scratch prize table', () => {
  it('declares the exact RTP of the prize table: sum of prize x chance = 95 %', () => {
    const totalWeight = PRIZE_TIERS.reduce((a, t) => a + t.weight, 0);
    expect(totalWeight).toBeLessThan(TIER_WEIGHT_TOTAL);
    const returnPerMillion = PRIZE_TIERS.reduce((a, t) => a + t.multiplier * t.weight, 0);
    expect(returnPerMillion).toBe(950_000);
    expect(SCRATCH_CARD_DECLARED_RTP).toBe((returnPerMillion / TIER_WEIGHT_TOTAL) * 100);
  });

  it('maps float 0 to a tier by cumulative weight', () => {
    expect(tierFor(0)?.symbol).toBe('pot');
    expect(tierFor(9.999 / TIER_WEIGHT_TOTAL)?.symbol).toBe('pot');
    expect(tierFor(10 / TIER_WEIGHT_TOTAL)?.symbol).toBe('diamond');
    expect(tierFor(59.5 / TIER_WEIGHT_TOTAL)?.symbol).toBe('diamond');
    expect(tierFor(60 / TIER_WEIGHT_TOTAL)?.symbol).toBe('seven');
    expect(tierFor(137_459.5 / TIER_WEIGHT_TOTAL)?.symbol).toBe('cherry');
    expect(tierFor(137_460 / TIER_WEIGHT_TOTAL)?.symbol).toBe('clover');
    expect(tierFor(582_459.5 / TIER_WEIGHT_TOTAL)?.symbol).toBe('clover');
    expect(tierFor(582_460 / TIER_WEIGHT_TOTAL)).toBeNull();
    expect(tierFor(0.999_999_9)).toBeNull();
  });
});

describe('Lucky Scratch ticket layout', () => {
  it('a winning ticket shows its symbol exactly 3 times and every other symbol at most twice', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const tier = PRIZE_TIERS[seed % PRIZE_TIERS.length]!;
      const cumulativeBefore = PRIZE_TIERS.slice(0, seed % PRIZE_TIERS.length).reduce(
        (a, t) => a + t.weight,
        0,
      );
      const ticket = drawTicket(withTierFloat((cumulativeBefore + 0.5) / TIER_WEIGHT_TOTAL, seed));
      expect(ticket.spots).toHaveLength(SPOT_COUNT);
      expect(ticket.winningSymbol).toBe(tier.symbol);
      expect(ticket.multiplier).toBe(tier.multiplier);
      const c = counts(ticket);
      expect(c.get(tier.symbol)).toBe(3);
      for (const [symbol, n] of c) if (symbol !== tier.symbol) expect(n).toBeLessThanOrEqual(2);
      expect(ticket.winningSpots).toEqual(ticket.spots.flatMap((s, i) => (s === tier.symbol ? [i] : [])));
    }
  });

  it('a losing ticket never shows three alike', () => {
    for (let seed = 1; seed <= 400; seed++) {
      const ticket = drawTicket(withTierFloat(0.9, seed));
      expect(ticket.winningSymbol).toBeNull();
      expect(ticket.multiplier).toBe(0);
      expect(ticket.winningSpots).toEqual([]);
      for (const n of counts(ticket).values()) expect(n).toBeLessThanOrEqual(2);
      for (const s of ticket.spots) expect(SCRATCH_SYMBOLS).toContain(s);
    }
  });

  it('lays out a ticket from fixed floats exactly as the rules describe', () => {
    // Losing: the 16 symbols (each twice, in table order) shuffled from the front with floats 1..9 all 0:
    // every swap is with itself, so the spots are the first 9 of the unshuffled list.
    const losing = drawTicket((i) => (i === 0 ? 0.99 : 0));
    expect(losing.spots).toEqual([
      'pot',
      'pot',
      'diamond',
      'diamond',
      'seven',
      'seven',
      'star',
      'star',
      'horseshoe',
    ]);
    // Winning clover (the last tier): spots 0, 1, 2 hold it, then the other symbols in order.
    const winning = drawTicket((i) => (i === 0 ? 0.5 : 0));
    expect(winning.winningSymbol).toBe('clover');
    expect(winning.spots).toEqual([
      'clover',
      'clover',
      'clover',
      'pot',
      'pot',
      'diamond',
      'diamond',
      'seven',
      'seven',
    ]);
  });
});

describe('Lucky Scratch rounds', () => {
  const bought = () =>
    scratchCardEngine.start({ betMinor: 200, options: {} }, withTierFloat(100 / TIER_WEIGHT_TOTAL, 5));

  it('stays open until redeemed, then pays the prize whatever was scratched', () => {
    const ticket = bought();
    expect(scratchCardEngine.finished(ticket)).toBe(false);
    expect(scratchCardEngine.staked(ticket)).toBe(200);
    expect(scratchCardEngine.won(ticket)).toBe(0);
    expect(scratchCardEngine.view(ticket)).toMatchObject({
      redeemed: false,
      ticket: { winningSymbol: 'seven' },
    });
    const action = scratchCardEngine.parseAction({
      type: 'redeem',
      numScratched: 2,
      numSpots: 9,
      replayData: [4, 0],
    });
    const done = scratchCardEngine.act(ticket, action, () => 0);
    expect(scratchCardEngine.finished(done)).toBe(true);
    expect(scratchCardEngine.won(done)).toBe(200 * 50);
    expect(done).toMatchObject({ numScratched: 2, scratchOrder: [4, 0] });
    expect(scratchCardEngine.steps(done).map((s) => s.kind)).toEqual(['purchase', 'redeem']);
    expect(() => scratchCardEngine.act(done, action, () => 0)).toThrow(IllegalActionError);
  });

  it('the default action redeems with every spot revealed', () => {
    const ticket = bought();
    const action = scratchCardEngine.defaultAction(ticket);
    expect(action).toEqual({
      type: 'redeem',
      numScratched: 9,
      numSpots: 9,
      replayData: [0, 1, 2, 3, 4, 5, 6, 7, 8],
    });
    expect(scratchCardEngine.parseAction(action)).toEqual(action);
    expect(scratchCardEngine.won(scratchCardEngine.act(ticket, action, () => 0))).toBe(10_000);
  });

  it('refuses malformed redeems with the field at fault', () => {
    const cases: [unknown, string][] = [
      [{ type: 'scratch' }, 'type'],
      [null, 'type'],
      [{ type: 'redeem', numScratched: 9, numSpots: 10, replayData: [] }, 'numSpots'],
      [{ type: 'redeem', numScratched: 10, numSpots: 9, replayData: [] }, 'numScratched'],
      [{ type: 'redeem', numScratched: -1, numSpots: 9 }, 'numScratched'],
      [{ type: 'redeem', numScratched: 2, numSpots: 9, replayData: [1, 1] }, 'replayData'],
      [{ type: 'redeem', numScratched: 1, numSpots: 9, replayData: [1, 2] }, 'replayData'],
      [{ type: 'redeem', numScratched: 2, numSpots: 9, replayData: [1, 9] }, 'replayData'],
      [{ type: 'redeem', numScratched: 2, numSpots: 9, replayData: 'x' }, 'replayData'],
    ];
    for (const [raw, field] of cases) {
      try {
        scratchCardEngine.parseAction(raw);
        expect.unreachable(JSON.stringify(raw));
      } catch (error) {
        expect(error).toBeInstanceOf(IllegalActionError);
        expect((error as IllegalActionError).field).toBe(field);
      }
    }
    expect(
      scratchCardEngine.parseAction({ type: 'redeem', numScratched: 0, numSpots: 9 }).replayData,
    ).toEqual([]);
  });

  it('replays to the same state and refuses options and bad prices', () => {
    const action = { type: 'redeem', numScratched: 9, numSpots: 9, replayData: [8, 7, 6, 5, 4, 3, 2, 1, 0] };
    const a = replayRound(
      scratchCardEngine,
      { betMinor: 100, options: {}, actions: [action] },
      simulationFloats(11),
    );
    const b = replayRound(
      scratchCardEngine,
      { betMinor: 100, options: {}, actions: [action] },
      simulationFloats(11),
    );
    expect(a).toEqual(b);
    expect(() => scratchCardEngine.parseOptions({ spots: 12 })).toThrow(IllegalActionError);
    expect(() => scratchCardEngine.start({ betMinor: 0, options: {} }, () => 0)).toThrow(IllegalActionError);
  });
});
