/** Registers the duplicate-account dialog with the dialog host; its code loads when it first opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

export const DUPLICATE_ACCOUNT_DIALOG = 'duplicate-account' as const;

registerLazyDialog(
  DUPLICATE_ACCOUNT_DIALOG,
  async () => (await import('./duplicate-account-dialog.tsx')).DuplicateAccountDialog,
);
