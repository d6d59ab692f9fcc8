/** What the referrals feature offers the other features: their only way in (eslint.server-layers.js). */
export { recordReferralAtJoin } from './referral-codes.ts';
export { settleReferralOnFirstPurchase } from './referral-rewards.ts';
