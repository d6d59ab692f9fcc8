/** What the mobile verification feature offers the other features: their only way in (eslint.server-layers.js). */
export { initialAccountState } from './mobile-verification-property.ts';
