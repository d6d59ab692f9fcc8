/** What the redemption feature offers the other features: their only way in (eslint.server-layers.js). */
export {
  approveRedemption,
  listRedemptionsForReview,
  markRedemptionPaid,
  markRedemptionSent,
  rejectRedemption,
  type RedemptionRow,
  type RedemptionStep,
} from './redemption-review.ts';
export { maskEmail } from './redemption-store.ts';
export { mailRedemptionStatus } from './redemption-mail.ts';
export { redemptionMethodOf, sendPrizeOut, startPrizeOutPollJob } from './prize-out-payouts.ts';
