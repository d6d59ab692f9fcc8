/** Registers the game page's dialogs with the dialog host; they load when the first one opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';
import { GAME_DIALOGS } from './game-dialog-kinds.ts';

const dialogs = () => import('./game-dialogs.tsx');

registerLazyDialog(GAME_DIALOGS.unavailable, async () => (await dialogs()).GameUnavailableDialog);
registerLazyDialog(GAME_DIALOGS.maintenance, async () => (await dialogs()).GameMaintenanceDialog);
registerLazyDialog(GAME_DIALOGS.currencyDisabled, async () => (await dialogs()).GameCurrencyDisabledDialog);
registerLazyDialog(GAME_DIALOGS.updated, async () => (await dialogs()).GameUpdatedDialog);
registerLazyDialog(GAME_DIALOGS.confirmExit, async () => (await dialogs()).ConfirmExitGameDialog);
registerLazyDialog(
  GAME_DIALOGS.complimentaryGold,
  async () => (await import('./complimentary-gold-dialog.tsx')).ComplimentaryGoldDialog,
);
