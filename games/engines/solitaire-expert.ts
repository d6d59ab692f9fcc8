/**
 * The strongest Klondike player we have built, the one the pay table is priced against
 * (docs/games.md, "Klondike: priced against an expert"). It sees only what the screen shows (the
 * face-up cards, the foundations, every card it has drawn, how many cards are face down and in
 * the stock) and plays the six-move lookahead of solitaire-lookahead.ts: every sequence of up to
 * six moves (part or all of a run onto another column, the waste's top onto a column, a card back
 * off a foundation, a card to its foundation), scored by what it pays under the pay table in use,
 * the face-down cards it turns and the cards it takes off the waste; it draws only when no
 * sequence improves the position.
 *
 * Stronger-looking searches did worse on the same deals (docs/games.md): comparing the lookahead's
 * best moves and a draw by finishing sampled worlds (the unseen cards dealt at random from what is
 * left) with the greedy or the two-move player, and looking deeper than two moves changed little.
 */
import { PAY_TABLE_HUNDREDTHS, solitaireEngine } from './solitaire.ts';
import { LookaheadPlayer, type LookaheadSettings } from './solitaire-lookahead.ts';
import type { Floats } from './types.ts';

/** The expert's search: six moves ahead, at most 20,000 positions scored per decision. */
export const EXPERT_SETTINGS: LookaheadSettings = {
  depth: 6,
  payTable: PAY_TABLE_HUNDREDTHS,
  nodeBudget: 20_000,
};

/** Caps a round's actions (the player never repeats a position, so a round is finite anyway). */
const MAX_ACTIONS = 600;

/** Plays one round under the expert, no side bets. */
export function playExpertRound(
  floats: Floats,
  betMinor: number,
  settings: LookaheadSettings = EXPERT_SETTINGS,
): { staked: number; won: number; cards: number } {
  const engine = solitaireEngine;
  let state = engine.start({ betMinor, options: { noMovesBet: 0, redOrBlackBet: 0 } }, floats);
  const player = new LookaheadPlayer(settings);
  for (let n = 0; !engine.finished(state); n++)
    state = engine.act(state, n < MAX_ACTIONS ? player.next(state) : { type: 'end' }, floats);
  return { staked: engine.staked(state), won: engine.won(state), cards: state.paidCards.length };
}
