/** What the legal feature offers the other features: their only way in (eslint.server-layers.js). */
export { acceptAtSignUp } from './legal-acceptance.ts';
