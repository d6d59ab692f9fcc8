/** Registers the redemption dialogs (imported for its effect by the redeem and management pages). */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';
import { REDEMPTION_DIALOGS } from './redemption-dialog-kinds.ts';

const dialogs = () => import('./redemption-dialogs.tsx');

registerLazyDialog(
  REDEMPTION_DIALOGS.confirmRedemption,
  async () => (await dialogs()).ConfirmRedemptionDialog,
);
registerLazyDialog(REDEMPTION_DIALOGS.prizeoutEmail, async () => (await dialogs()).PrizeoutEmailDialog);
registerLazyDialog(REDEMPTION_DIALOGS.cancelRedemption, async () => (await dialogs()).CancelRedemptionDialog);
