/**
 * Playing cards shared by the card games. A card is two characters, rank then suit: "AS" is the
 * ace of spades, "TD" the ten of diamonds. The unshuffled deck (docs/fairness.md) is clubs,
 * diamonds, hearts, spades, each from 2 up to ace: index = suitIndex * 13 + rankIndex.
 */
export const RANKS = '23456789TJQKA';
export const SUITS = 'CDHS';

export type Card = string;

/** The 52 cards in the fixed starting order. */
export const FRESH_DECK: readonly Card[] = Array.from(SUITS).flatMap((suit) =>
  Array.from(RANKS).map((rank) => `${rank}${suit}`),
);

/** 0 for a two ... 12 for an ace. */
export const rankIndex = (card: Card): number => RANKS.indexOf(card[0] ?? '');
/** 0 clubs, 1 diamonds, 2 hearts, 3 spades. */
export const suitIndex = (card: Card): number => SUITS.indexOf(card[1] ?? '');
export const isRed = (card: Card): boolean => card[1] === 'D' || card[1] === 'H';
export const isCard = (value: unknown): value is Card =>
  typeof value === 'string' && value.length === 2 && rankIndex(value) >= 0 && suitIndex(value) >= 0;

const RANK_NAMES = [
  'Two',
  'Three',
  'Four',
  'Five',
  'Six',
  'Seven',
  'Eight',
  'Nine',
  'Ten',
  'Jack',
  'Queen',
  'King',
  'Ace',
];
const SUIT_NAMES = ['Clubs', 'Diamonds', 'Hearts', 'Spades'];

/** "Ace of Spades": the accessible name of a card (buttons, hold toggles). */
export const cardName = (card: Card): string =>
  `${RANK_NAMES[rankIndex(card)] ?? '?'} of ${SUIT_NAMES[suitIndex(card)] ?? '?'}`;
