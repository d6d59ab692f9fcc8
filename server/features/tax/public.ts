/** What the tax feature offers the other features: their only way in (eslint.server-layers.js). */
export { w9RequiredBeforeRedemption } from './w9-threshold.ts';
