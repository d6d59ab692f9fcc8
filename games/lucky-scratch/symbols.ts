/**
 * What each ticket symbol looks like and what a screen reader says for it. The pictures are text
 * characters every system font has (no emoji font needed), coloured per symbol by the stylesheet
 * (class ls-sym-<symbol>), with the symbol's name printed under it.
 */
import type { ScratchSymbol } from '../engines/scratch-card.ts';

export const SYMBOL_LOOKS: Readonly<Record<ScratchSymbol, { glyph: string; name: string }>> = {
  pot: { glyph: '⛃', name: 'Pot of gold' },
  diamond: { glyph: '◆', name: 'Diamond' },
  seven: { glyph: '7', name: 'Seven' },
  star: { glyph: '★', name: 'Star' },
  horseshoe: { glyph: '∩', name: 'Horseshoe' },
  bell: { glyph: '♪', name: 'Bell' },
  cherry: { glyph: '●', name: 'Cherry' },
  clover: { glyph: '☘\uFE0E', name: 'Clover' },
};
