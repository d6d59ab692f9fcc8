/** The game page's dialogs (spec sections 4 and 8), by name. None closes on navigation. */
import type { DialogKind } from '../../state/dialog-kinds.ts';

export const GAME_DIALOGS = {
  unavailable: 'game-unavailable',
  maintenance: 'game-maintenance',
  currencyDisabled: 'game-currency-disabled',
  updated: 'game-updated',
  confirmExit: 'confirm-exit-game',
  complimentaryGold: 'complimentary-gold',
} as const satisfies Record<string, DialogKind>;

/**
 * Navigation state that leaves the game page without the confirm-exit question: the dialogs
 * that send the player to the lobby have already said why.
 */
export const SKIP_EXIT_CONFIRM = { skipExitConfirm: true } as const;
