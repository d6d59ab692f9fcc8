/**
 * The engine's view as the round answer carries it (RoundView.state), checked before the page
 * shows it: a broken or foreign answer shows an error, never odd reels.
 */
import { array, enums, integer, is, literal, number, size, type, union } from 'superstruct';
import { SLOT_SYMBOLS, type SlotsState } from '../engines/slots.ts';

const SymbolSchema = enums(SLOT_SYMBOLS);
const SpinSchema = type({
  kind: union([literal('spin'), literal('free_spin')]),
  stops: size(array(integer()), 5, 5),
  window: size(array(size(array(SymbolSchema), 3, 3)), 5, 5),
  lineWins: array(
    type({ line: integer(), symbol: SymbolSchema, count: integer(), lineBets: number(), winMinor: number() }),
  ),
  scatterCount: integer(),
  scatterWinMinor: number(),
  multiplier: number(),
  freeSpinsAwarded: integer(),
  winMinor: number(),
});
const SlotsViewSchema = type({
  betMinor: number(),
  lineCount: integer(),
  spins: size(array(SpinSchema), 1, Infinity),
  freeSpinsAwarded: integer(),
  winMinor: number(),
});

export const isSlotsView = (value: unknown): value is SlotsState => is(value, SlotsViewSchema);
