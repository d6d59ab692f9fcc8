/**
 * The engine's view as the round answer carries it (RoundView.state), checked before the page
 * shows it: a broken or foreign answer shows an error, never an odd ticket.
 */
import { array, boolean, enums, integer, is, nullable, number, size, type } from 'superstruct';
import { SCRATCH_SYMBOLS, SPOT_COUNT, type ScratchCardState } from '../engines/scratch-card.ts';

const SymbolSchema = enums(SCRATCH_SYMBOLS);
const ScratchViewSchema = type({
  betMinor: number(),
  ticket: type({
    spots: size(array(SymbolSchema), SPOT_COUNT, SPOT_COUNT),
    winningSymbol: nullable(SymbolSchema),
    winningSpots: array(integer()),
    multiplier: number(),
  }),
  redeemed: boolean(),
  winMinor: number(),
});

export const isScratchView = (value: unknown): value is ScratchCardState => is(value, ScratchViewSchema);
