/** What the payments feature offers the other features: their only way in (eslint.server-layers.js). */
export { prohibitedStates } from './address.ts';
export { settleAddressRequest } from './address-requests.ts';
