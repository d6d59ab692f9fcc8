/** Registers the W-9 dialogs with the dialog host; they load together when the first one opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';
import { TAX_DIALOGS } from './tax-dialog-kinds.ts';

const dialogs = () => import('./w9-dialogs.tsx');

registerLazyDialog(TAX_DIALOGS.info, async () => (await dialogs()).W9InfoDialog);
registerLazyDialog(TAX_DIALOGS.confirmed, async () => (await dialogs()).W9ConfirmedDialog);
registerLazyDialog(TAX_DIALOGS.mismatch, async () => (await dialogs()).W9MismatchDialog);
