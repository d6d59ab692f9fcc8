/** What the account feature offers the other features: their only way in (eslint.server-layers.js). */
export { hasBirthDate, saveBirthDate } from './birth-date.ts';
