/** What the amoe feature offers the other features: their only way in (eslint.server-layers.js). */
export { issueAmoeCode, listPostalRequests, type IssuedAmoeCode } from './amoe-codes.ts';
