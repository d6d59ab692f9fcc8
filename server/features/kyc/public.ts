/** What the kyc feature offers the other features: their only way in (eslint.server-layers.js). */
export { requireIdentityVerification, setIdentityState } from './identity-state.ts';
export { withIdentityRequirement } from './purchase-threshold.ts';
export { reauthenticationDemand } from './reauthentication.ts';
export { reauthenticationDecisionSince } from './kyc-checks-store.ts';
