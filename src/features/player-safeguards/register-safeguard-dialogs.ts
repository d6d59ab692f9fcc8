/** Registers the updated-terms and reality-check dialogs; their code loads when one first opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

registerLazyDialog(
  'updated-terms',
  async () => (await import('./updated-terms-dialog.tsx')).UpdatedTermsDialog,
);
registerLazyDialog(
  'reality-check',
  async () => (await import('./reality-check-dialog.tsx')).RealityCheckDialog,
);
