/** Registers the AMOE dialog with the dialog host; its code loads when it first opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

export const AMOE_DIALOG = 'amoe' as const;

registerLazyDialog(AMOE_DIALOG, async () => (await import('./amoe-dialog.tsx')).AmoeDialog);
