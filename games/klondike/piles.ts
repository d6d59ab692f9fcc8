/** Pile names and card labels of the Klondike page (the engine's pile ids, read aloud). */
import { cardName, type Card } from '../engines/cards.ts';
import type { MoveAction, PileId } from '../engines/solitaire.ts';

export type MoveSource = MoveAction['from'];
export type MoveTarget = MoveAction['to']['pile'];

export const SUIT_NAMES = ['Clubs', 'Diamonds', 'Hearts', 'Spades'] as const;
const SUIT_SYMBOLS: Record<string, string> = { C: '♣', D: '♦', H: '♥', S: '♠' };

export const columnPile = (c: number): PileId => `tableau-${c}` as PileId;
export const foundationPile = (f: number): PileId => `foundation-${f}` as PileId;

/** "column 3", "waste", "Hearts foundation". */
export function pileLabel(pile: string): string {
  if (pile === 'waste') return 'waste';
  if (pile === 'foundation') return 'foundation';
  const [kind, n] = pile.split('-');
  if (kind === 'tableau') return `column ${Number(n) + 1}`;
  return `${SUIT_NAMES[Number(n)] ?? ''} foundation`;
}

/** The accessible name of a card button: the card, then where it is. */
export const cardLabel = (card: Card, pile: string): string => `${cardName(card)}, ${pileLabel(pile)}`;

/** "10♥": what a card shows. */
export const cardFace = (card: Card): { rank: string; suit: string } => ({
  rank: card[0] === 'T' ? '10' : (card[0] ?? ''),
  suit: SUIT_SYMBOLS[card[1] ?? ''] ?? '',
});

export const sameSource = (a: MoveSource, b: MoveSource): boolean =>
  a.pile === b.pile && (a.index ?? null) === (b.index ?? null);
