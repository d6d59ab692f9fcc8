/** What the social auth feature offers the other features: their only way in (eslint.server-layers.js). */
export { socialAccountRefusal } from './social-account-refusal.ts';
