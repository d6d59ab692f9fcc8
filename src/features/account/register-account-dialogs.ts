/** Registers the account pages' dialogs; their code loads when one first opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';
import { ACCOUNT_DIALOGS } from './account-dialog-kinds.ts';

const dialogs = () => import('./account-dialogs.tsx');

registerLazyDialog(ACCOUNT_DIALOGS.confirmFullName, async () => (await dialogs()).ConfirmFullNameDialog);
registerLazyDialog(ACCOUNT_DIALOGS.closeAccount, async () => (await dialogs()).CloseAccountDialog);
