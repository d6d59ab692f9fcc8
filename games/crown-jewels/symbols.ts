/**
 * What each reel symbol looks like and what a screen reader says for it. The pictures are text
 * characters every system font has (no emoji font needed), coloured per symbol by the stylesheet
 * (class cj-sym-<symbol>).
 */
import type { SlotSymbol } from '../engines/slots.ts';

export const SYMBOL_LOOKS: Readonly<Record<SlotSymbol, { glyph: string; name: string }>> = {
  crown: { glyph: '♛', name: 'Crown (wild)' },
  chest: { glyph: '❖', name: 'Treasure chest (scatter)' },
  diamond: { glyph: '◆', name: 'Diamond' },
  ruby: { glyph: '⬢', name: 'Ruby' },
  emerald: { glyph: '■', name: 'Emerald' },
  sapphire: { glyph: '●', name: 'Sapphire' },
  ace: { glyph: 'A', name: 'Ace' },
  king: { glyph: 'K', name: 'King' },
  queen: { glyph: 'Q', name: 'Queen' },
  jack: { glyph: 'J', name: 'Jack' },
};

/** "Diamond", with the wild and scatter named plainly (for win lines). */
export const symbolName = (symbol: SlotSymbol): string => SYMBOL_LOOKS[symbol].name;
