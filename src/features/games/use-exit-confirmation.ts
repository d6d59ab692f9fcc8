/**
 * Leaving the game page while a round is in progress asks first (spec section 4, confirm exit
 * game {confirmExit}): any navigation away — "Back to lobby", a header link, the browser's back
 * button — is held by a router blocker until the player answers. The in-round signal is the
 * store's currency switch lock, which the game's events hold for the length of a round.
 */
import { useEffect } from 'react';
import { useBlocker } from 'react-router-dom';
import { useSnapshot } from 'valtio';
import { store } from '../../state/store.ts';
import { openDialogOnce } from '../../state/dialog-actions.ts';
import { GAME_DIALOGS } from './game-dialog-kinds.ts';

const skipsConfirmation = (state: unknown): boolean =>
  typeof state === 'object' &&
  state !== null &&
  (state as { skipExitConfirm?: unknown }).skipExitConfirm === true;

export function useExitConfirmation(gameName: string): void {
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      store.currency.switchingDisabled &&
      currentLocation.pathname !== nextLocation.pathname &&
      !skipsConfirmation(nextLocation.state),
  );
  // Re-render when the answer arrives.
  const { results } = useSnapshot(store.dialogs);
  const answered = results[GAME_DIALOGS.confirmExit];

  useEffect(() => {
    if (blocker.state === 'blocked') openDialogOnce(GAME_DIALOGS.confirmExit, { name: gameName });
  }, [blocker.state, gameName]);

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    // Read from the store, not the render's snapshot: opening the dialog just cleared an older
    // answer, which must not decide this navigation.
    const result = store.dialogs.results[GAME_DIALOGS.confirmExit];
    if (!result) return;
    if (result.confirmExit === true) blocker.proceed();
    else blocker.reset();
  }, [blocker, answered]);
}
