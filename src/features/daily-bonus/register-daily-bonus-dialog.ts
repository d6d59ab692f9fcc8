/** Registers the daily bonus dialog with the dialog host; its code loads when it first opens. */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

export const DAILY_BONUS_DIALOG = 'daily-bonus' as const;

registerLazyDialog(
  DAILY_BONUS_DIALOG,
  async () => (await import('./daily-bonus-dialog.tsx')).DailyBonusDialog,
);
