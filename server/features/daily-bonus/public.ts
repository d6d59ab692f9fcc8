/** What the daily bonus feature offers the other features: their only way in (eslint.server-layers.js). */
export { dailyBonusEnabled } from './daily-bonus.ts';
