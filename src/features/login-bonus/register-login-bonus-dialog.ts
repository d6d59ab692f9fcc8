/**
 * Registers the login bonus dialog with the dialog host; its code (and its texts) load when it
 * first opens. Imported by the dialog stack (src/app/dialog-stack.tsx), itself loaded with the
 * first dialog, so the kind's name is written here rather than imported with the texts.
 */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

registerLazyDialog('login-bonus', async () => (await import('./login-bonus-dialog.tsx')).LoginBonusDialog);
