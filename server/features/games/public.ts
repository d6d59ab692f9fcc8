/** What the games feature offers the other features: their only way in (eslint.server-layers.js). */
export { SEED_GAMES, findGameRow, listGameRows, maxWinMultipleOf, parseGameMetadata } from './catalogue.ts';
export { activeSeed, roundSeed, takeNonce } from './fair-seeds.ts';
