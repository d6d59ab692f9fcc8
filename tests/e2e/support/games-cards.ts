/**
 * What the card game specs read from a round's answer (the parts of the engines' player views
 * they use, typed here because the browser tests' project does not compile the games) and the
 * accessible names the games give their cards and piles, written out independently so a
 * renamed control fails the test.
 */

/** "AS", "TD": rank then suit. */
export type Card = string;

export interface BlackjackTableView {
  phase: 'insurance' | 'player' | 'dealer' | 'finished';
  hands: { cards: Card[]; total: number }[];
  active: number | null;
  actions: string[];
}

export interface KlondikeMove {
  type: 'move';
  from: { pile: string; index?: number };
  to: { pile: string };
}

export interface KlondikeTableView {
  tableau: { faceDown: number; faceUp: Card[] }[];
  waste: { top: Card | null };
  canDraw: boolean;
  moves: KlondikeMove[];
}

const RANK_NAMES: Record<string, string> = {
  '2': 'Two',
  '3': 'Three',
  '4': 'Four',
  '5': 'Five',
  '6': 'Six',
  '7': 'Seven',
  '8': 'Eight',
  '9': 'Nine',
  T: 'Ten',
  J: 'Jack',
  Q: 'Queen',
  K: 'King',
  A: 'Ace',
};
const SUIT_NAMES: Record<string, string> = { C: 'Clubs', D: 'Diamonds', H: 'Hearts', S: 'Spades' };

/** "Ace of Spades". */
export const cardName = (card: Card): string =>
  `${RANK_NAMES[card[0] ?? ''] ?? '?'} of ${SUIT_NAMES[card[1] ?? ''] ?? '?'}`;

/** Klondike's name of a face-up card button: "Seven of Hearts, column 3" or "..., waste". */
function klondikeCardName(card: Card, pile: string): string {
  const where = pile === 'waste' ? 'waste' : `column ${Number(pile.slice('tableau-'.length)) + 1}`;
  return `${cardName(card)}, ${where}`;
}

/**
 * A move the Klondike table allows now, from the waste or a column, as the names of the card
 * button to select and of the pile button to send it to (a foundation's name goes on with the
 * card on top, so it is matched from its start); null when there is none.
 */
export function klondikeKeyboardMove(
  view: KlondikeTableView,
): { card: string; target: string | RegExp } | null {
  for (const move of view.moves) {
    const { pile, index } = move.from;
    let card: Card | null | undefined = null;
    if (pile === 'waste') card = view.waste.top;
    else if (pile.startsWith('tableau-')) {
      const column = view.tableau[Number(pile.slice('tableau-'.length))];
      const top = column ? column.faceDown + column.faceUp.length - 1 : 0;
      card = column?.faceUp[(index ?? top) - (column?.faceDown ?? 0)];
    }
    if (!card) continue;
    const to = move.to.pile;
    let target: string | RegExp;
    if (to.startsWith('tableau-')) target = `Column ${Number(to.slice('tableau-'.length)) + 1}`;
    else {
      const suit = to === 'foundation' ? card[1] : 'CDHS'[Number(to.slice('foundation-'.length))];
      target = new RegExp(`^${SUIT_NAMES[suit ?? ''] ?? ''} foundation`);
    }
    return { card: klondikeCardName(card, pile), target };
  }
  return null;
}
