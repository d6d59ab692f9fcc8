/** The identity dialogs, loaded as one chunk when the first of them opens. */
export { IdentityVerificationDialog } from './identity-verification-dialog.tsx';
export { KycDialog } from './kyc-dialog.tsx';
