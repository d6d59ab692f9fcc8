/**
 * Registers the dialogs of the player's standing (W-9 required, account suspended; the components
 * are in standing-dialog-components.tsx). They open only for a refused call, so their code loads
 * when one first opens instead of with every page.
 */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

const components = () => import('./standing-dialog-components.tsx');

registerLazyDialog('w9-required', async () => (await components()).W9Required);
registerLazyDialog('account-suspended', async () => (await components()).AccountSuspended);
