/**
 * Bets and amounts of the Klondike page: the shared house-game bet steps and money display. The
 * engine's view counts Gold in coins and Sweeps in cents; the page shows display units.
 */
export { BET_STEPS, formatAmount, fromMinor as minorToDisplay, toMinor } from '../shared/bet-steps.ts';
