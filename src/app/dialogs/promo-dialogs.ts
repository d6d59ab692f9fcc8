/**
 * Registers the promo pop-up with the app shell: it opens after sign-in over whichever page the
 * player lands on (src/state/promo-popup-actions.ts, login-promotions-actions.ts), so no page
 * registers it. Its code loads when it first opens.
 */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

registerLazyDialog(
  'promo-popup',
  async () => (await import('../../features/promotions/promo-popup-dialog.tsx')).PromoPopupDialog,
);
