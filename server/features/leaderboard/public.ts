/** What the leaderboard feature offers the other features: their only way in (eslint.server-layers.js). */
export { recordPlayPoints, voidPlayPoints } from './points.ts';
