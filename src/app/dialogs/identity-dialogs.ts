/**
 * Registers the identity dialogs with the app shell: the identity-verification dialog is opened by
 * several features (the store's purchase threshold, redemption, My Account), so it is registered
 * here once rather than by any one of them. The code loads when one first opens.
 */
import { registerLazyDialog } from '../../ui/dialog-registry.ts';

const dialogs = () => import('../../features/kyc/identity-dialog-components.ts');

registerLazyDialog('identity-verification', async () => (await dialogs()).IdentityVerificationDialog);
registerLazyDialog('kyc', async () => (await dialogs()).KycDialog);
