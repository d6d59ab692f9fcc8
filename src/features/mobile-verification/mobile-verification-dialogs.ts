/**
 * Registers the mobile verification dialogs ({clickedActionButton}, verify-to-continue
 * {signOutClicked}); their code, with the dialog primitive and floating-ui, loads when one first
 * opens instead of with the verification page.
 */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

const components = () => import('./mobile-verification-dialog-components.tsx');

registerLazyDialog('mobile-verification', async () => (await components()).MobileVerificationDialog);
registerLazyDialog('verify-to-continue', async () => (await components()).VerifyToContinueDialog);
