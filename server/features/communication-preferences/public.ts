/** What the communication preferences feature offers the other features: their only way in (eslint.server-layers.js). */
export { sendMarketingMailing } from './marketing-mailing.ts';
